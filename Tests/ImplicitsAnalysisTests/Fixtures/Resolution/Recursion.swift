import Implicits

final class Token {}
final class Depth {}

func ping(_ n: Int, _ scope: ImplicitScope) {
  if n > 0 { pong(n - 1, scope) } // expected-note:14 {{'pong(_:_:)' requires 'Token', called here}}
}

func pong(_ n: Int, _ scope: ImplicitScope) {
  @Implicit var token: Token // expected-note:3 {{'Token' is required here by 'pong(_:_:)'}}
  if n > 0 { ping(n - 1, scope) }
}

func countdown(_ n: Int, _ scope: ImplicitScope) {
  @Implicit var depth: Depth // expected-note:3 {{'Depth' is required here by 'countdown(_:_:)'}}
  if n > 0 { countdown(n - 1, scope) }
}

func start() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Depth, Token}}
  defer { scope.end() }
  ping(3, scope) // expected-note:3 {{'ping(_:_:)' requires 'Token', called here}}
  countdown(3, scope) // expected-note:3 {{'countdown(_:_:)' requires 'Depth', called here}}
}

func startProvided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var token = Token()
  @Implicit var depth = Depth()
  ping(3, scope)
  countdown(3, scope)
}
