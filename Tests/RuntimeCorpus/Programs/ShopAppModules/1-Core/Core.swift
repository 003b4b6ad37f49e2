import Implicits

extension ImplicitsKeys {
  public static let apiBaseURL = Key<String>()
}

public final class Logger {
  public private(set) var lines: [String] = []
  public init() {}
  public func log(_ line: String) { lines.append(line) }
}

public final class HTTPClient {
  public private(set) var calls: [String] = []
  public init() {}
  public func get(_ url: String) -> String {
    calls.append(url)
    return "{\"url\":\"\(url)\"}"
  }
}

public func request(_ path: String, _: ImplicitScope) -> String {
  @Implicit(\.apiBaseURL) var base: String
  @Implicit var client: HTTPClient
  @Implicit var logger: Logger
  logger.log("GET \(path)")
  return client.get(base + path)
}
