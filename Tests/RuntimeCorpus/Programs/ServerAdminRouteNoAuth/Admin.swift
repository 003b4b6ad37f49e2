import Implicits

struct Request {
  let path: String
  let user: String
}

final class Metrics {
  private(set) var counters: [String: Int] = [:]
  func increment(_ name: String) { counters[name, default: 0] += 1 }
}

final class AuthService {
  let admins: Set<String>
  init(admins: Set<String>) { self.admins = admins }
  func isAdmin(_ user: String) -> Bool { admins.contains(user) }
}

func route(_ request: Request, _ scope: ImplicitScope) -> String {
  @Implicit var metrics: Metrics
  metrics.increment(request.path)
  if request.path.hasPrefix("/admin") {
    return adminPanel(request, scope)
  }
  return "public page \(request.path)"
}

func adminPanel(_ request: Request, _ scope: ImplicitScope) -> String {
  @Implicit var auth: AuthService
  guard auth.isAdmin(request.user) else { return "403" }
  return "admin for \(request.user)"
}

// The public site: the team that wrote it never needed authentication.
func servePublicSite(_ requests: [Request]) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  var pages: [String] = []
  for request in requests {
    pages.append(route(request, scope))
  }
  return pages
}

// The intranet: provides authentication.
func serveIntranet(_ requests: [Request]) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  @Implicit var auth = AuthService(admins: ["root"])
  var pages: [String] = []
  for request in requests {
    pages.append(route(request, scope))
  }
  return pages
}
