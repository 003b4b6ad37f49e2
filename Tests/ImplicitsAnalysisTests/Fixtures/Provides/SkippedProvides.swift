import Implicits

// A provide that may not happen (inside 'try?', an optional chain, a
// short-circuit operand, a ternary branch) provides nothing after it.

struct Raw {}
struct Decoded {}
struct Parsed {}
enum Failure: Error { case bad }

func decode(_ raw: Raw) throws -> Decoded { throw Failure.bad }
func parse(_ raw: Raw) -> Parsed { Parsed() }
func useDecoded(_ scope: ImplicitScope) { @Implicit var decoded: Decoded } // expected-note:43 {{'Decoded' is required here by 'useDecoded(_:)'}}
func useParsed(_ scope: ImplicitScope) { @Implicit var parsed: Parsed } // expected-note:42 {{'Parsed' is required here by 'useParsed(_:)'}} expected-note:42 {{'Parsed' is required here by 'useParsed(_:)'}}

final class Store {
  func apply(_ value: Void) {}
}

func tryOptional() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Decoded}}
  defer { scope.end() }
  @Implicit var raw = Raw()
  try? Implicit.map(Raw.self, to: Decoded.self) { try decode($0) }
  useDecoded(scope) // expected-note:3 {{'useDecoded(_:)' requires 'Decoded', called here}}
}

func throughOptionalChain(_ store: Store?) {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Parsed}}
  defer { scope.end() }
  @Implicit var raw = Raw()
  store?.apply(Implicit.map(Raw.self, to: Parsed.self) { parse($0) })
  useParsed(scope) // expected-note:3 {{'useParsed(_:)' requires 'Parsed', called here}}
}

func inTernary(_ flag: Bool) {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Parsed}}
  defer { scope.end() }
  @Implicit var raw = Raw()
  flag ? Implicit.map(Raw.self, to: Parsed.self) { parse($0) } : ()
  useParsed(scope) // expected-note:3 {{'useParsed(_:)' requires 'Parsed', called here}}
}

func plainMapProvides() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var raw = Raw()
  Implicit.map(Raw.self, to: Parsed.self) { parse($0) }
  useParsed(scope)
}
