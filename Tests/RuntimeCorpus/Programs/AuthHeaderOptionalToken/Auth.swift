import Implicits

final class APIClient {
  func get(_ path: String, _: ImplicitScope) -> String {
    @Implicit var token: String
    return "GET \(path) Bearer \(token)"
  }
}

func handleIncoming(_ headers: [String: String]) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  // A dictionary lookup is optional: this provides `String?`.
  @Implicit var token = headers["Authorization"]
  return APIClient().get("/me", scope)
}

func handleTrusted(_ token: String) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var bearer = token
  return APIClient().get("/me", scope)
}

/// Service-to-service calls carry a fixed token and also read the
/// caller's region.
func handleInternal(region: String) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var token = "internal-\(region)"
  let client = APIClient()
  var responses: [String] = []
  for path in ["/health", "/metrics"] {
    responses.append(client.get(path, scope))
  }
  return responses
}
