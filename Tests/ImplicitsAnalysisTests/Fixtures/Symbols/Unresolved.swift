import Implicits

final class Network {}

func takesClosure(_ body: (ImplicitScope) -> Void, _ scope: ImplicitScope) {
  body(scope) // expected-error:3 {{Unresolved symbol 'body(_:)'}}
}

func unknownFunction(_ scope: ImplicitScope) {
  notDeclaredAnywhere(scope) // expected-error:3 {{Unresolved symbol 'notDeclaredAnywhere(_:)'}}
}

func unknownReceiver(_ scope: ImplicitScope) {
  let make = { Runner() }
  make().run(scope) // expected-error:10 {{Unresolved symbol 'run(_:)'}}
}

// A function with a declared result type gives its receiver a type.
func declaredReceiver(_ scope: ImplicitScope) {
  makeSomething().run(scope)
}

func wrongLabels(_ scope: ImplicitScope) {
  load(id: 1, scope) // expected-error:3 {{Unresolved symbol 'load(id:_:)'}}
}

func load(name: String, _ scope: ImplicitScope) {
  @Implicit var network: Network
}

func makeSomething() -> Runner { Runner() }
struct Runner {
  func run(_: ImplicitScope) {}
}
