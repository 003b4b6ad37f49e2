import Implicits

// Each file has its own Token: two keys.
private struct Token {
  let value: String
}

func signIn() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Fixture.Token (private in Session.swift)}}
  defer { scope.end() }
  @Implicit var token = Token(value: "login")
  refresh(scope) // expected-note:3 {{'refresh(_:)' requires 'Fixture.Token (private in Session.swift)', called here}}
}

func check(_ scope: ImplicitScope) {
  @Implicit var token: Token // expected-note:3 {{'Fixture.Token (private in Login.swift)' is required here by 'check(_:)'}}
  _ = token.value
}

func checkLogin() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var token = Token(value: "login")
  check(scope)
}
