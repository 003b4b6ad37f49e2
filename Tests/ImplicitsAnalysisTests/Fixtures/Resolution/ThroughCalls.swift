import Implicits

final class Dep1 {}
final class Dep2 {}
final class Dep3 {}

func leaf(_: ImplicitScope) {
  @Implicit var dep3: Dep3 // expected-note:3 {{'Dep3' is required here by 'leaf(_:)'}}
  @Implicit var dep1: Dep1
}

func middle(_ scope: ImplicitScope) {
  leaf(scope) // expected-note:3 {{'leaf(_:)' requires 'Dep3', called here}}
}

func top(_ scope: ImplicitScope) {
  middle(scope) // expected-note:3 {{'middle(_:)' requires 'Dep3', called here}}
}

func entry() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Dep3}}
  defer { scope.end() }
  @Implicit var dep1 = Dep1()
  @Implicit var dep2 = Dep2()
  top(scope) // expected-note:3 {{'top(_:)' requires 'Dep3', called here}}
}

func complete() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var dep1 = Dep1()
  @Implicit var dep3 = Dep3()
  top(scope)
}
