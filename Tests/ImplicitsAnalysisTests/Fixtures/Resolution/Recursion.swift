import Implicits

final class Token {}
final class Depth {}

func ping(_ n: Int, _ scope: ImplicitScope) {
  if n > 0 { pong(n - 1, scope) }
}

func pong(_ n: Int, _ scope: ImplicitScope) {
  @Implicit var token: Token
  if n > 0 { ping(n - 1, scope) }
}

func countdown(_ n: Int, _ scope: ImplicitScope) {
  @Implicit var depth: Depth
  if n > 0 { countdown(n - 1, scope) }
}

func start() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Depth, Token}}
  defer { scope.end() }
  ping(3, scope)
  countdown(3, scope)
}

func startProvided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var token = Token()
  @Implicit var depth = Depth()
  ping(3, scope)
  countdown(3, scope)
}
