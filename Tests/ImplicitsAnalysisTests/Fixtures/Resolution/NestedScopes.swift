import Implicits

final class Logger {}
final class Clock {}

func useBoth(_: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit var clock: Clock
}

func useLogger(_: ImplicitScope) {
  @Implicit var logger: Logger
}

// A value provided in a nested scope does not leak out of it.
func leaks() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Logger}}
  defer { scope.end() }
  do {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var logger = Logger()
    useLogger(scope)
  }
  useLogger(scope)
}

// Requirements pass through nested scopes outwards: `feature` requires Clock.
func feature(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var logger = Logger()
  useBoth(scope)
}

func app() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Clock}}
  defer { scope.end() }
  feature(scope)
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
