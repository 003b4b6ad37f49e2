// The module declares `Style` for text and list screens get
// `typealias Style = ListStyle` from a protocol extension; the host
// screen provides a `ListStyle`, but inside the contacts screen Swift
// resolves `Style` to the module's text style, which nobody provides.
// expect: stops

print(launchContacts())
