import Implicits

private struct Token {
  let value: String
}

func refresh(_ scope: ImplicitScope) {
  @Implicit var token: Token // expected-note:3 {{'Fixture.Token (private in Session.swift)' is required here by 'refresh(_:)'}}
  _ = token.value
}

func refreshSession() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Fixture.Token (private in Login.swift)}}
  defer { scope.end() }
  @Implicit var token = Token(value: "session")
  refresh(scope)
  check(scope) // expected-note:3 {{'check(_:)' requires 'Fixture.Token (private in Login.swift)', called here}}
}
