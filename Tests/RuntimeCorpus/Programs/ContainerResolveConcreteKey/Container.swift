import Implicits

/// A service locator kept from before implicits; its values are moved
/// into the implicit scope at launch. The network is registered under its
/// concrete type.
final class Container {
  private var factories: [ObjectIdentifier: () -> Any] = [:]

  func register<T>(_ type: T.Type, _ make: @escaping () -> T) {
    factories[ObjectIdentifier(type)] = make
  }

  func resolve<T>(_ type: T.Type) -> T {
    factories[ObjectIdentifier(type)]!() as! T
  }
}

func syncSettings(_: ImplicitScope) -> String {
  @Implicit var network: Network
  @Implicit var store: KeyValueStore
  store.values["synced"] = network.get("/settings")
  return store.values["synced"]!
}

func launch(_ container: Container) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = container.resolve(URLSessionNetwork.self)
  @Implicit var store = container.resolve(KeyValueStore.self)
  return syncSettings(scope)
}
