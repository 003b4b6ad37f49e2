import Implicits

func broken(_ scope: ImplicitScope) {
  let value = [1, 2
  // expected-error@-1:20 {{Syntax error: expected ']' to end array}} expected-note@-1:15 {{to match this opening '['}}
  @Implicit var missing: Int
}
