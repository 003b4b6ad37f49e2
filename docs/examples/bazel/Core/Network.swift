import Implicits

extension ImplicitsKeys {
  /// Where the API lives.
  public static let apiBaseURL = Key<String>()
  /// The build of the app, sent with every request.
  public static let appVersion = Key<String>()
}

/// A network client that only pretends to talk to a server.
public final class NetworkClient {
  public private(set) var requests = 0

  public init() {}

  public func get(_ path: String, _ scope: ImplicitScope) -> String {
    @Implicit(\.apiBaseURL) var baseURL: String
    @Implicit(\.appVersion) var version: String
    requests += 1
    log("GET \(baseURL)\(path) (app \(version))", scope)
    return "response for \(path)"
  }
}

/// Counts events.
public final class Analytics {
  public private(set) var events: [String] = []
  private let prefix: String
  private weak var root: Analytics?

  public init() {
    prefix = ""
  }

  private init(prefix: String, root: Analytics) {
    self.prefix = prefix
    self.root = root
  }

  /// An analytics that prefixes its events and reports to this one.
  public func prefixed(_ name: String) -> Analytics {
    Analytics(prefix: prefix + name + ".", root: root ?? self)
  }

  public func track(_ event: String) {
    if let root { root.events.append(prefix + event) } else { events.append(prefix + event) }
  }
}
