import Implicits

final class ComponentA {}
final class ComponentB {}
final class Network {}
final class Database {}

final class Builder {
  func build(id: Int, _ scope: ImplicitScope) -> ComponentA {
    @Implicit var network: Network // expected-note:5 {{'Network' is required here by 'Builder.build(id:_:)'}}
    return ComponentA()
  }

  func build(name: String, _ scope: ImplicitScope) -> ComponentB {
    @Implicit var database: Database // expected-note:5 {{'Database' is required here by 'Builder.build(name:_:)'}}
    return ComponentB()
  }
}

func byLabels() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Network}}
  defer { scope.end() }
  let builder = Builder()
  _ = builder.build(id: 1, scope) // expected-note:15 {{'Builder.build(id:_:)' requires 'Network', called here}}
}

func byOtherLabels() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Database}}
  defer { scope.end() }
  let builder = Builder()
  _ = builder.build(name: "a", scope) // expected-note:15 {{'Builder.build(name:_:)' requires 'Database', called here}}
}
