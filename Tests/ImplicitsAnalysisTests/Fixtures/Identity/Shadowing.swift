import Implicits

struct Clock {
  let name: String
}

enum Timers {
  // Inside Timers, `Clock` is this one.
  struct Clock {}

  static func tick(_ scope: ImplicitScope) {
    @Implicit var clock: Clock // expected-note:5 {{'Timers.Clock' is required here by 'Timers.tick(_:)'}}
  }
}

func tock(_ scope: ImplicitScope) {
  @Implicit var clock: Clock // expected-note:3 {{'Fixture.Clock' is required here by 'tock(_:)'}}
}

func runTimers() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Timers.Clock}}
  defer { scope.end() }
  @Implicit var clock = Clock(name: "wall")
  tock(scope)
  Timers.tick(scope) // expected-note:10 {{'Timers.tick(_:)' requires 'Timers.Clock', called here}}
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
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Fixture.Clock}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  tock(scope) // expected-note:3 {{'tock(_:)' requires 'Fixture.Clock', called here}}
}

func localTypeTakingScope() {
  struct Step {
    init(_ scope: ImplicitScope) {
      @Implicit var clock: Clock // expected-note:7 {{'Fixture.Clock' is required here by 'Step.init(_:)'}}
    }

    static func make(_ scope: ImplicitScope) -> Step { Step(scope) }
  }
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Fixture.Clock}}
  defer { scope.end() }
  _ = Step(scope) // expected-note:7 {{'Step.init(_:)' requires 'Fixture.Clock', called here}}
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
