import Implicits

@propertyWrapper struct Logged<T> {
  var wrappedValue: T
}

final class Logger {}

func outermost(_ scope: ImplicitScope) {
  @Logged @Implicit var logger: Logger // expected-error:3 {{@Implicit must be the outermost property wrapper}}
}

func log(_: ImplicitScope) {
  @Implicit var logger: Logger // expected-note:3 {{'Logger' is required here by 'log(_:)'}}
}

// swiftc drops a property wrapper on a `_` pattern: nothing is provided,
// and a read that relied on it is unresolved.
func anonymous() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Logger}}
  defer { scope.end() }
  @Implicit var _ = Logger() // expected-error:3 {{'@Implicit var _ = …' provides nothing: Swift drops a property wrapper on a '_' pattern; give the variable a name}}
  log(scope) // expected-note:3 {{'log(_:)' requires 'Logger', called here}}
}
