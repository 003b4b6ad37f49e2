import Implicits

public final class Credentials {
  public init() {}
}

public final class Client {
  public init() {}

  public func fetch(_ path: String, _ scope: ImplicitScope) -> Response {
    @Implicit var credentials: Credentials
    return Response(status: 200)
  }

  public var session: Session { Session() }
}

public struct Response {
  public let status: Int
  public init(status: Int) { self.status = status }
  public func log(_ scope: ImplicitScope) {
    @Implicit var credentials: Credentials
  }
}

public final class Session {
  public init() {}
  public func renew(_ scope: ImplicitScope) {
    @Implicit var credentials: Credentials
  }
}

public func makeClient() -> Client { Client() }

public enum Clients {
  public static let shared = Client()
  public static func make() -> Client { Client() }
}
