import Implicits

func broken(_ scope: ImplicitScope) {
  let value = [1, 2 // expected-error {{Syntax error: expected ']' to end array}}
  @Implicit var missing: Int
}
