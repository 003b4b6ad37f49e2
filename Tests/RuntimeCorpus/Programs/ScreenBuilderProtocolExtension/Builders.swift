import Implicits

final class NetworkService {
  func fetch(_ path: String) -> String { "data(\(path))" }
}

final class DatabaseService {
  func row(_ key: String) -> String { "row(\(key))" }
}

protocol ScreenBuilder {
  var route: String { get }
}

extension ScreenBuilder {
  // Shared by every screen builder: not a requirement, statically
  // dispatched.
  func buildRemote(id: Int, _ scope: ImplicitScope) -> String {
    @Implicit var network: NetworkService
    return "\(route): \(network.fetch("/\(route)/\(id)"))"
  }

  func buildCached(key: String, _ scope: ImplicitScope) -> String {
    @Implicit var database: DatabaseService
    return "\(route): \(database.row(key))"
  }

  func build(_ scope: ImplicitScope) -> [String] {
    [buildRemote(id: 1, scope), buildCached(key: route, scope)]
  }
}

struct ArticleScreen: ScreenBuilder {
  let route = "article"
}

struct GalleryScreen: ScreenBuilder {
  let route = "gallery"
}

func open(_ builder: some ScreenBuilder, _ scope: ImplicitScope) -> [String] {
  builder.build(scope)
}

func openAll(_ builders: [any ScreenBuilder], _ scope: ImplicitScope) -> [String] {
  var pages: [String] = []
  for builder in builders {
    pages += builder.build(scope)
  }
  return pages
}

func startReader() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = NetworkService()
  @Implicit var database = DatabaseService()
  let article = ArticleScreen()
  return open(article, scope) + openAll([GalleryScreen(), article], scope) + [article.buildRemote(id: 9, scope)]
}
