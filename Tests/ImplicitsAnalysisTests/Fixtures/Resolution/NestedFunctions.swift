import Implicits

// A nested function without a scope parameter that is only ever called
// directly runs inside its caller: it reads and passes the caller's scope,
// in the scope state at each call.

final class Logger {}
final class Theme {}

func render(_ scope: ImplicitScope) {
  @Implicit var theme: Theme // expected-note:3 {{'Theme' is required here by 'render(_:)'}}
}

// Its requirements are the enclosing function's, at each call.
func screen(_ scope: ImplicitScope) {
  func header() {
    @Implicit var logger: Logger // expected-note:5 {{'Logger' is required here by 'header()'}}
    render(scope) // expected-note:5 {{'render(_:)' requires 'Theme', called here}}
  }
  header() // expected-note:3 {{'header()' requires 'Logger', called here}} expected-note:3 {{'header()' requires 'Theme', called here}}
  header()
}

// A value provided in a nested scope before the call serves it.
func provided(_ scope: ImplicitScope) {
  func header() {
    @Implicit var logger: Logger
  }
  do {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var logger = Logger()
    header()
  }
}

// Nested functions calling each other, recursively.
func tree(_ scope: ImplicitScope) {
  func visit(_ depth: Int) {
    if depth > 0 { leaf(); visit(depth - 1) }
  }
  func leaf() {
    render(scope)
  }
  visit(3)
}

func root() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Logger, Theme}}
  defer { scope.end() }
  screen(scope) // expected-note:3 {{'screen(_:)' requires 'Logger', called here}} expected-note:3 {{'screen(_:)' requires 'Theme', called here}}
  provided(scope)
  tree(scope)
}

func rootWithAll() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var theme = Theme()
  screen(scope)
  provided(scope)
  tree(scope)
}

// Called where no scope is open: an escaping closure.
func later(_ work: @escaping () -> Void) {}

func escaping(_ scope: ImplicitScope) {
  func header() {
    @Implicit var logger: Logger // expected-note:5 {{'Logger' is required here by 'header()'}}
  }
  later { header() } // expected-error:11 {{'header()' runs in the scope of its caller and requires 'Logger', but no scope is open here: call it where the scope is, or give it its own '_ scope: ImplicitScope' parameter (in a closure, reopen a captured bag first)}}
  header()
}

// A nested function that reads nothing may be called anywhere.
func harmless(_ scope: ImplicitScope) {
  func format() -> String { "x" }
  later { _ = format() }
}

// Used as a value, it may run anywhere: the original rule.
func asValue(_ scope: ImplicitScope) {
  func header() {
    @Implicit var logger: Logger // expected-error:5 {{A nested function cannot use the scope of the function around it: give 'header()' its own '_ scope: ImplicitScope' parameter and pass 'scope' to it}}
  }
  later(header)
}
