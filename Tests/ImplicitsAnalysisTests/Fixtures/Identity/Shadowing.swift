import Implicits

struct Clock {
  let name: String
}

enum Timers {
  // Inside Timers, `Clock` is this one.
  struct Clock {}

  static func tick(_ scope: ImplicitScope) {
    @Implicit var clock: Clock
  }
}

func tock(_ scope: ImplicitScope) {
  @Implicit var clock: Clock
}

func runTimers() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Timers.Clock}}
  defer { scope.end() }
  @Implicit var clock = Clock(name: "wall")
  tock(scope)
  Timers.tick(scope)
}

func runBoth() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock(name: "wall")
  @Implicit var timer = Timers.Clock()
  tock(scope)
  Timers.tick(scope)
}

func localShadow() {
  // A type declared in a body shadows the module's type of that name.
  struct Clock {}
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Fixture.Clock}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  tock(scope)
}

func localTypeTakingScope() {
  struct Step {
    init(_ scope: ImplicitScope) {
      @Implicit var clock: Clock
    }

    static func make(_ scope: ImplicitScope) -> Step { Step(scope) }
  }
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Fixture.Clock}}
  defer { scope.end() }
  _ = Step(scope)
  _ = Step.make(scope)
}

func localTypeProvided() {
  struct Step {
    init(_ scope: ImplicitScope) {
      @Implicit var clock: Clock
    }
  }
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock(name: "x")
  let step = Step(scope)
  _ = step
}
