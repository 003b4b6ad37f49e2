import Implicits

final class Logger {}
final class Clock {}

func makeLogger() -> Logger { Logger() }

func readBoth(_ scope: ImplicitScope) {
  @Implicit(Logger.self) var logger // expected-note:3 {{'Logger' is required here by 'readBoth(_:)'}}
  @Implicit var clock: Clock // expected-note:3 {{'Clock' is required here by 'readBoth(_:)'}}
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
  { [implicits = #implicits] in // expected-error:18 {{A bag captures the implicits of the scope around it, and there is none here: take '_ scope: ImplicitScope' as a parameter or open a local scope before capturing}}
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    readBoth(scope)
  }
}

final class Screen {
  func makeAction() -> () -> Void {
    { [implicits = #implicits] in // expected-error:20 {{A bag captures the implicits of the scope around it, and there is none here: take '_ scope: ImplicitScope' as a parameter or open a local scope before capturing}}
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      readBoth(scope)
    }
  }
}

func schedule(_ work: @escaping () -> Void) { work() }

func captureInClosureWithoutItsScope(_ scope: ImplicitScope, items: [Int]) {
  schedule {
    let later = { [implicits = #implicits] in // expected-error:32 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      readBoth(scope)
    }
    later()
  }
}

func rootWithNil() {
  let scope = ImplicitScope(with: nil) // expected-error:3 {{Unresolved requirements: Clock, Logger}}
  defer { scope.end() }
  readBoth(scope) // expected-note:3 {{'readBoth(_:)' requires 'Clock', called here}} expected-note:3 {{'readBoth(_:)' requires 'Logger', called here}}
}
