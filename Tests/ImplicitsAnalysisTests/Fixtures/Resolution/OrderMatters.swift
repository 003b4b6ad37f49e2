import Implicits

final class Logger {}

func log(_: ImplicitScope) {
  @Implicit var logger: Logger
}

func providedTooLate() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Logger}}
  defer { scope.end() }
  log(scope)
  @Implicit var logger = Logger()
}

func providedInTime() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  log(scope)
}
