import Implicits

public struct Config {
  public let retries: Int
  public init(retries: Int) { self.retries = retries }
}

public struct Session {
  public init() {}
}

public typealias CoreConfig = Config

public func loadSettings(_ scope: ImplicitScope) {
  @Implicit var config: Config
  @Implicit var session: Session
  _ = (config.retries, session)
}
