import Core
import Implicits

// Each missing key is reported once, with the first call that needs it.
func start() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Log, Store, \.region}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  first(scope) // expected-note:3 {{'first(_:)' of module 'Core' requires 'Store', called here}}
  second(scope) // expected-note:3 {{'second(_:)' of module 'Core' requires '\.region', called here}}
  third(scope) // expected-note:3 {{'third(_:)' of module 'Core' requires 'Log', called here}}
}

// What an enclosing scope provides reaches every list.
func complete() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  @Implicit var store = Store()
  @Implicit var log = Log()
  @Implicit(ImplicitsKeys.region) var region = "eu"
  third(scope)
  second(scope)
  first(scope)
}

// A function that passes its scope on requires the union of the lists,
// minus what it provides: its callers see exactly that, each key through
// the first call that needs it.
func relay(_ scope: ImplicitScope) {
  first(scope) // expected-note:3 {{'first(_:)' of module 'Core' requires 'Clock', called here}} expected-note:3 {{'first(_:)' of module 'Core' requires 'Store', called here}}
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var log = Log()
  third(scope) // expected-note:3 {{'third(_:)' of module 'Core' requires '\.region', called here}}
}

func useRelay() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Clock, Store, \.region}}
  defer { scope.end() }
  relay(scope) // expected-note:3 {{'relay(_:)' requires 'Clock', called here}} expected-note:3 {{'relay(_:)' requires 'Store', called here}} expected-note:3 {{'relay(_:)' requires '\.region', called here}}
}
