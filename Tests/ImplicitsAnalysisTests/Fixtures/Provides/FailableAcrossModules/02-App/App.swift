import Core
import Implicits

struct Credentials {
  let user: String

  init?(user: String) {
    guard !user.isEmpty else { return nil }
    self.user = user
  }
}

func needsCredentials(_ scope: ImplicitScope) {
  @Implicit var credentials: Credentials
  _ = credentials.user
}

func failableUpstream() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Token}}
  defer { scope.end() }
  @Implicit var token = Token(raw: "abc")
  authorize(scope)
}

func failableHere() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Credentials}}
  defer { scope.end() }
  @Implicit var credentials = Credentials(user: "me")
  needsCredentials(scope)
}

func upstreamResultIsOptional() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Token}}
  defer { scope.end() }
  @Implicit var token = makeToken()
  authorize(scope)
}

func unwrapped() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var token = Token(raw: "abc")!
  @Implicit var credentials = Credentials(user: "me")!
  authorize(scope)
  needsCredentials(scope)
}

func notFailable() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var token = Token(id: 7)
  authorize(scope)
}
