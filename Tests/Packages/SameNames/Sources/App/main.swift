import Core
import Implicits

// The app's own Config and Logger: other types, other keys than Core's.
struct Config {
  let theme: String
}

final class Logger {
  private(set) var lines: [String] = []
  func log(_ line: String) { lines.append("app: " + line) }
}

final class FeedScreen {
  private let implicits = #implicits
  @Implicit var logger: Logger

  init(_ scope: ImplicitScope) {}

  func render(_ path: String) -> String {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit var config: Config
    logger.log("render \(path) in \(config.theme)")
    return config.theme + " " + load(path, scope)
  }
}

func load(_ path: String, _ scope: ImplicitScope) -> String {
  fetchFeed(path, scope)
}

func fetchFeed(_ path: String, _ scope: ImplicitScope) -> String {
  Core.fetch(path, scope)
}

func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var appConfig = Config(theme: "dark")
  @Implicit var coreConfig = Core.Config(endpoint: "https://api.example.com")
  @Implicit var appLogger = Logger()
  @Implicit var coreLogger = Core.Logger()
  let screen = FeedScreen(scope)
  print(screen.render("/feed"))
  print(load("/profile", scope))
  print(appLogger.lines.joined(separator: "; "))
  print(coreLogger.lines.joined(separator: "; "))
}

run()
