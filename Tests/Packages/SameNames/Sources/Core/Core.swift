import Implicits

/// Core's configuration: a key of its own, whatever other modules call
/// their types.
public struct Config: Sendable {
  public let endpoint: String
  public init(endpoint: String) { self.endpoint = endpoint }
}

public final class Logger: @unchecked Sendable {
  public private(set) var lines: [String] = []
  public init() {}
  public func log(_ line: String) { lines.append("core: " + line) }
}

public final class Client {
  @Implicit var config: Config
  @Implicit var logger: Logger

  public init(_ scope: ImplicitScope) {}

  public func get(_ path: String) -> String {
    logger.log("GET \(path)")
    return config.endpoint + path
  }
}

public func fetch(_ path: String, _ scope: ImplicitScope) -> String {
  Client(scope).get(path)
}
