import Implicits

private struct Token {
  let value: String
}

func refresh(_ scope: ImplicitScope) {
  @Implicit var token: Token
  _ = token.value
}

func refreshSession() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Fixture.Token (private in Login.swift)}}
  defer { scope.end() }
  @Implicit var token = Token(value: "session")
  refresh(scope)
  check(scope)
}
