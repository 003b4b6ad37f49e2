import Core
import Implicits

final class Tracker {}

extension Client {
  static func tracked(_ scope: ImplicitScope) -> Client {
    @Implicit var tracker: Tracker // expected-note:5 {{'Tracker' is required here by 'Client.tracked(_:)'}}
    return Client()
  }
}

func feature(_ scope: ImplicitScope) {
  let client = makeClient()
  let response = client.fetch("/feed", scope)
  response.log(scope)
  client.session.renew(scope)
  Clients.shared.fetch("/me", scope).log(scope)
  Clients.make().session.renew(scope)
  Client.tracked(scope).session.renew(scope) // expected-note:10 {{'Client.tracked(_:)' requires 'Tracker', called here}}
}

func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var credentials = Credentials()
  @Implicit var tracker = Tracker()
  feature(scope)
}

func launchWithoutTracker() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Tracker}}
  defer { scope.end() }
  @Implicit var credentials = Credentials()
  feature(scope) // expected-note:3 {{'feature(_:)' requires 'Tracker', called here}}
}
