import Implicits

func narrow(_: ImplicitScope) {
  @Implicit var small: Int8 // expected-note:3 {{'Int8' is required here by 'narrow(_:)'}}
  @Implicit var wide: Int16 // expected-note:3 {{'Int16' is required here by 'narrow(_:)'}}
  @Implicit var again: Int8
}

func run() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Int16, Int8}}
  defer { scope.end() }
  narrow(scope) // expected-note:3 {{'narrow(_:)' requires 'Int16', called here}} expected-note:3 {{'narrow(_:)' requires 'Int8', called here}}
}
