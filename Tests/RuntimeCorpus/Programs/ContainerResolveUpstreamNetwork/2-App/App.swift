import Implicits
import Locator

protocol Network: AnyObject {
  func get(_ path: String) -> String
}

final class URLSessionNetwork: Network {
  func get(_ path: String) -> String { "200 \(path)" }
}

final class FeatureFlags {
  var enabled: Set<String> = ["new-feed"]
}

func loadFeed(_: ImplicitScope) -> String {
  @Implicit var network: Network
  @Implicit var flags: FeatureFlags
  return network.get(flags.enabled.contains("new-feed") ? "/v2/feed" : "/feed")
}

func launch(_ container: Container) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = container.resolve(Network.self)
  @Implicit var flags = container.resolve(FeatureFlags.self)
  return loadFeed(scope)
}
