// A debug log buffer that takes `@escaping @autoclosure` messages and
// builds them only when flushed; the request handler logs
// `describe(request, scope)`, and the buffer is flushed after the
// handler's scope ended.
// expect: stops

let buffer = LogBuffer()
process([Request(id: 1, path: "/a"), Request(id: 2, path: "/b")], into: buffer)
buffer.flush()
print(buffer.flushed)
