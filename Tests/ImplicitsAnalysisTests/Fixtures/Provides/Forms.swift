import Implicits

final class Logger {}
final class Clock {}

func makeLogger() -> Logger { Logger() }

func readBoth(_ scope: ImplicitScope) {
  @Implicit(Logger.self) var logger
  @Implicit var clock: Clock
}

func explicitForms() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(Logger.self) var logger = makeLogger()
  @Implicit(wrappedValue: Clock()) var clock: Clock
  readBoth(scope)
  _ = _logger.value
}

// A bag captures the implicits of the scope around it: where there is
// none, nothing can be captured.
func captureWithoutScope() -> () -> Void {
  { [implicits = #implicits] in // expected-error {{A bag captures the implicits of the scope around it, and there is none here: take '_ scope: ImplicitScope' as a parameter or open a local scope before capturing}}
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    readBoth(scope)
  }
}

final class Screen {
  func makeAction() -> () -> Void {
    { [implicits = #implicits] in // expected-error {{A bag captures the implicits of the scope around it, and there is none here: take '_ scope: ImplicitScope' as a parameter or open a local scope before capturing}}
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      readBoth(scope)
    }
  }
}

func schedule(_ work: @escaping () -> Void) { work() }

func captureInClosureWithoutItsScope(_ scope: ImplicitScope, items: [Int]) {
  schedule {
    let later = { [implicits = #implicits] in // expected-error {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      readBoth(scope)
    }
    later()
  }
}

func rootWithNil() {
  let scope = ImplicitScope(with: nil) // expected-error {{Unresolved requirements: Clock, Logger}}
  defer { scope.end() }
  readBoth(scope)
}
