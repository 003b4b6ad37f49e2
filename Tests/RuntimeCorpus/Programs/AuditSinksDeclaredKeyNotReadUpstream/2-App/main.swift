// An upstream module declares a public protocol whose requirement reads
// Logger (`@RequiresImplicits(.type(Logger.self))`), though nothing in
// that module reads a Logger; the app's file sink reads it, and the app
// provides it when it calls through the protocol.
// expect: runs

let file = FileAuditSink()
signIn("ada", file: file)
precondition(file.lines == ["ada sign-in"])
