import Implicits

final class Analytics {}
final class Network {}

extension ImplicitsKeys {
  static let region = Key<String>()
}

func track(_: ImplicitScope) {
  @Implicit var analytics: Analytics
  @Implicit(\.region) var region: String
}

func fetch(_: ImplicitScope) {
  @Implicit var network: Network // expected-note:3 {{'Network' is required here by 'fetch(_:)'}}
}

func capture() -> Implicits {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: \.region}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  let bag = Implicits(capturing: .type(Analytics.self), .named(\.region)) // expected-note:13 {{the bag captured here needs '\.region'}} expected-note:13 {{'\.region' is listed in the bag captured here}}
  return reopen(bag)
}

func reopen(_ bag: Implicits) -> Implicits { bag }

func explicitReopen() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit(\.region) var region = "eu"
  let bag = Implicits(capturing: .type(Analytics.self), .named(\.region))
  let work = {
    let scope = ImplicitScope(with: bag) // expected-error:5 {{Unresolved requirement: Network}}
    defer { scope.end() }
    track(scope)
    fetch(scope) // expected-note:5 {{'fetch(_:)' requires 'Network', called here}}
  }
  work()
}
