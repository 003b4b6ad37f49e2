import Implicits

final class ComponentA {}
final class ComponentB {}
final class Network {}
final class Database {}

final class Builder {
  func build(id: Int, _ scope: ImplicitScope) -> ComponentA {
    @Implicit var network: Network
    return ComponentA()
  }

  func build(name: String, _ scope: ImplicitScope) -> ComponentB {
    @Implicit var database: Database
    return ComponentB()
  }
}

func byLabels() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Network}}
  defer { scope.end() }
  let builder = Builder()
  _ = builder.build(id: 1, scope)
}

func byOtherLabels() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Database}}
  defer { scope.end() }
  let builder = Builder()
  _ = builder.build(name: "a", scope)
}
