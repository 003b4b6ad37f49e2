// A debug log buffer that takes `@escaping @autoclosure` messages and
// builds them only when flushed; the handler logs
// `describe(request, scope)` and flushes the buffer before its scope ends,
// so every message is built while the formatter is provided.
// expect: runs
// by-design: closure-scope

let buffer = LogBuffer()
process([Request(id: 1, path: "/a"), Request(id: 2, path: "/b")], into: buffer)
process([Request(id: 3, path: "/c")], into: buffer)
print(buffer.flushed)
precondition(buffer.flushed.count == 3)
