import Implicits

func narrow(_: ImplicitScope) {
  @Implicit var small: Int8
  @Implicit var wide: Int16
  @Implicit var again: Int8
}

func run() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Int16, Int8}}
  defer { scope.end() }
  narrow(scope)
}
