// A small HTTP server: the server object keeps a bag of the database, the
// access log and the rate limiter; each request reopens it, provides a
// request id under a named key, and routes to handlers that read what they
// need.
// expect: runs

let (server, log) = startServer()
let requests = [
  Request(method: "GET", path: "/users/1", headers: ["X-Client": "web"]),
  Request(method: "GET", path: "/users/9", headers: ["X-Client": "web"]),
  Request(method: "POST", path: "/users", headers: ["X-Client": "web", "X-Name": "carol"]),
  Request(method: "POST", path: "/users", headers: ["X-Client": "ios"]),
  Request(method: "GET", path: "/health", headers: [:]),
  Request(method: "GET", path: "/nothing", headers: [:]),
  Request(method: "GET", path: "/users/3", headers: ["X-Client": "web"]),
  Request(method: "GET", path: "/users/1", headers: ["X-Client": "web"]),
]
for request in requests {
  let response = server.serve(request)
  print(request.method, request.path, "->", response.status, response.body)
}
print(log.entries)
precondition(log.entries.count == requests.count)
