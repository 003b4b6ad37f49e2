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
  @Implicit var credentials: Credentials // expected-note:3 {{'Credentials' is required here by 'needsCredentials(_:)'}}
  _ = credentials.user
}

func failableUpstream() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Token}}
  defer { scope.end() }
  @Implicit var token = Token(raw: "abc")
  authorize(scope) // expected-note:3 {{'authorize(_:)' of module 'Core' requires 'Token', called here}}
}

func failableHere() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Credentials}}
  defer { scope.end() }
  @Implicit var credentials = Credentials(user: "me")
  needsCredentials(scope) // expected-note:3 {{'needsCredentials(_:)' requires 'Credentials', called here}}
}

func upstreamResultIsOptional() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Token}}
  defer { scope.end() }
  @Implicit var token = makeToken()
  authorize(scope) // expected-note:3 {{'authorize(_:)' of module 'Core' requires 'Token', called here}}
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
