import Implicits

final class Logger {}
final class Clock {}

func useBoth(_: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit var clock: Clock // expected-note:3 {{'Clock' is required here by 'useBoth(_:)'}}
}

func useLogger(_: ImplicitScope) {
  @Implicit var logger: Logger // expected-note:3 {{'Logger' is required here by 'useLogger(_:)'}}
}

// A value provided in a nested scope does not leak out of it.
func leaks() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Logger}}
  defer { scope.end() }
  do {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var logger = Logger()
    useLogger(scope)
  }
  useLogger(scope) // expected-note:3 {{'useLogger(_:)' requires 'Logger', called here}}
}

// Requirements pass through nested scopes outwards: `feature` requires Clock.
func feature(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var logger = Logger()
  useBoth(scope) // expected-note:3 {{'useBoth(_:)' requires 'Clock', called here}}
}

func app() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Clock}}
  defer { scope.end() }
  feature(scope) // expected-note:3 {{'feature(_:)' requires 'Clock', called here}}
}

func appWithClock() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  feature(scope)
}

// Shadowing: the inner value serves the nested call, the outer one stays.
func shadowing() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  do {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var logger = Logger()
    useLogger(scope)
  }
  useLogger(scope)
}
