import Implicits
import Networking

final class Server {
  var failuresLeft = 2
  func fetch(_ path: String) throws -> String {
    if failuresLeft > 0 {
      failuresLeft -= 1
      throw RetryError()
    }
    return "contents of \(path)"
  }
}

func download(_ path: String, _ scope: ImplicitScope) throws -> String {
  @Implicit var server: Server
  return try server.fetch(path)
}

func sync(_ scope: ImplicitScope) throws {
  // The closure runs during 'retrying', whose interface says so.
  let text = try retrying(times: 3) { try download("/inbox", scope) }
  print(text)
}

func runSync() throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var server = Server()
  try sync(scope)
}
