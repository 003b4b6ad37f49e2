import Implicits

// Each file has its own Token: two keys.
private struct Token {
  let value: String
}

func signIn() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Fixture.Token (private in Session.swift)}}
  defer { scope.end() }
  @Implicit var token = Token(value: "login")
  refresh(scope)
}

func check(_ scope: ImplicitScope) {
  @Implicit var token: Token
  _ = token.value
}

func checkLogin() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var token = Token(value: "login")
  check(scope)
}
