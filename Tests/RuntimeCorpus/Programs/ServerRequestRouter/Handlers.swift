import Implicits

extension ImplicitsKeys {
  static let requestID = Key<String>()
}

func handle(_ request: Request, _ scope: ImplicitScope) -> Response {
  @Implicit var limiter: RateLimiter
  let client = request.headers["X-Client"] ?? "anonymous"
  guard limiter.allow(client) else {
    return finish(Response(status: 429, body: "slow down"), scope)
  }
  let parts = request.path.split(separator: "/").map(String.init)
  switch (request.method, parts.first) {
  case ("GET", "users"?) where parts.count == 2:
    return finish(getUser(parts[1], scope), scope)
  case ("POST", "users"?):
    return finish(createUser(request, scope), scope)
  case ("GET", "health"?):
    return finish(Response(status: 200, body: "ok"), scope)
  default:
    return finish(Response(status: 404, body: "no route"), scope)
  }
}

func getUser(_ id: String, _: ImplicitScope) -> Response {
  @Implicit var database: Database
  guard let name = database.user(id) else { return Response(status: 404, body: "no user \(id)") }
  return Response(status: 200, body: name)
}

func createUser(_ request: Request, _: ImplicitScope) -> Response {
  @Implicit var database: Database
  guard let name = request.headers["X-Name"] else { return Response(status: 400, body: "name missing") }
  database.insert("3", name)
  return Response(status: 201, body: "created \(name)")
}

func finish(_ response: Response, _: ImplicitScope) -> Response {
  @Implicit var log: AccessLog
  @Implicit(\.requestID) var requestID: String
  log.record("\(requestID) \(response.status)")
  return response
}

final class Server {
  private let implicits = #implicits
  private var nextID = 0

  init(_ scope: ImplicitScope) {}

  func serve(_ request: Request) -> Response {
    nextID += 1
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit(\.requestID) var requestID = "req-\(nextID)"
    return handle(request, scope)
  }
}

func startServer() -> (Server, AccessLog) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = Database()
  @Implicit var log = AccessLog()
  @Implicit var limiter = RateLimiter(limit: 4)
  return (Server(scope), log)
}
