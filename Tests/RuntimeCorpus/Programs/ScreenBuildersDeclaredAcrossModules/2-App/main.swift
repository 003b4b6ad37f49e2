// A public protocol declares what its requirement needs with
// @RequiresImplicits; the feature module's builders read no more, and the
// shell calls them through the protocol.
// expect: runs
runShell()
