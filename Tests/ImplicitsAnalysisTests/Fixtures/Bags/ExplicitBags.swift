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
  @Implicit var network: Network
}

func capture() -> Implicits {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: \.region}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  let bag = Implicits(capturing: .type(Analytics.self), .named(\.region))
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
    let scope = ImplicitScope(with: bag) // expected-error {{Unresolved requirement: Network}}
    defer { scope.end() }
    track(scope)
    fetch(scope)
  }
  work()
}
