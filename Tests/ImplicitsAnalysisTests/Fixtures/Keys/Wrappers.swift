import Implicits

@propertyWrapper struct Logged<T> {
  var wrappedValue: T
}

final class Logger {}

func outermost(_ scope: ImplicitScope) {
  @Logged @Implicit var logger: Logger // expected-error {{@Implicit must be the outermost property wrapper}}
}

func anonymous() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var _ = Logger() // expected-warning {{An anonymous @Implicit ('var _') provides a value that no code here can read back by name; give it a name}}
}
