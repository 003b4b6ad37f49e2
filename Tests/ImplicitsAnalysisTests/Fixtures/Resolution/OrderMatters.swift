import Implicits

final class Logger {}

func log(_: ImplicitScope) {
  @Implicit var logger: Logger // expected-note:3 {{'Logger' is required here by 'log(_:)'}}
}

func providedTooLate() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Logger}}
  defer { scope.end() }
  log(scope) // expected-note:3 {{'log(_:)' requires 'Logger', called here}}
  @Implicit var logger = Logger()
}

func providedInTime() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  log(scope)
}
