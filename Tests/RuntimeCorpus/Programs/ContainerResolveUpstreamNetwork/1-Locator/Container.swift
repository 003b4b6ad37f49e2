/// The service locator the app used before implicits; its values are
/// moved into the implicit scope at launch.
public final class Container {
  private var factories: [ObjectIdentifier: () -> Any] = [:]

  public init() {}

  public func register<T>(_ type: T.Type, _ make: @escaping () -> T) {
    factories[ObjectIdentifier(type)] = make
  }

  public func resolve<T>(_ type: T.Type) -> T {
    factories[ObjectIdentifier(type)]!() as! T
  }
}
