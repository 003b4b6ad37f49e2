import Implicits

// A generic function whose parameter is `T.Type` binds `T` from the
// metatype passed: `container.resolve(Network.self)` is a `Network`.

final class Network {}
final class Storage {}

final class Container {
  private var services: [ObjectIdentifier: Any] = [:]
  func register<T>(_ service: T) { services[ObjectIdentifier(T.self)] = service }
  func resolve<T>(_ type: T.Type) -> T { services[ObjectIdentifier(type)] as! T }
  func lookup<T>(_ type: T.Type) -> T? { services[ObjectIdentifier(type)] as? T }
  func all<T>(_ type: T.Type) -> [T] { [] }
}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
  @Implicit var storage: Storage?
  @Implicit var everyNetwork: [Network]
}

func main(container: Container) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = container.resolve(Network.self)
  @Implicit var storage = container.lookup(Storage.self)
  @Implicit var everyNetwork = container.all(Network.self)
  fetch(scope)
}
