import Implicits

final class Analytics {}
final class Network {}
final class Unrelated {}

func track(_: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note:3 {{'Analytics' is required here by 'track(_:)'}}
}

func makeHandler() -> () -> Void {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Analytics}}
  defer { scope.end() }
  @Implicit var network = Network()
  return { [implicits = #implicits] in // expected-note:25 {{the bag captured here needs 'Analytics'}}
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    track(scope) // expected-note:5 {{'track(_:)' requires 'Analytics', called here}}
  }
}

func makeComplete() -> () -> Void {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var unrelated = Unrelated()
  return { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    track(scope)
  }
}
