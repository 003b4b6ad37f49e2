// A closure passed to another module's non-escaping parameter uses the
// scope around it.
// expect: runs
try runSync()
