import Implicits

extension ImplicitsKeys {
  public static let userAgent = Key<String>()
}

public final class HTTPClient {
  public private(set) var log: [String] = []
  public init() {}
  public func get(_ path: String, agent: String) -> [String] {
    log.append("\(agent) GET \(path)")
    return path.split(separator: "=").last.map { ["\($0)-1", "\($0)-2"] } ?? []
  }
}

public func fetch(_ path: String, _: ImplicitScope) -> [String] {
  @Implicit var client: HTTPClient
  @Implicit(\.userAgent) var agent: String
  return client.get(path, agent: agent)
}
