import Implicits

public final class NetworkService {
  public init() {}
}
final class InternalThing {}

extension ImplicitsKeys {
  public static let apiBaseURL = Key<String>()
}

public typealias Network = NetworkService

public struct Fetcher {
  public init() {}
  public func fetch(_: ImplicitScope) {
    @Implicit var network: NetworkService
  }
  public static func warmUp(_: ImplicitScope) {
    @Implicit(\.apiBaseURL) var url: String
  }
}

public func load(id: Int, _ scope: ImplicitScope) {
  @Implicit var network: NetworkService
  @Implicit(\.apiBaseURL) var url: String
}

func internalHelper(_ scope: ImplicitScope) {
  @Implicit var thing: InternalThing
}
