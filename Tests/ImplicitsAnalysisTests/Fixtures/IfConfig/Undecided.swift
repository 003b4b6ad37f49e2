import Implicits

final class Logger {}
final class Haptics {}

func feedback(_ scope: ImplicitScope) {
  #if os(iOS)
    @Implicit var haptics: Haptics // expected-note:5 {{'Haptics' is required here by 'feedback(_:)'}}
  #endif
  @Implicit var logger: Logger
}

// Reads in code that may or may not be compiled count: either branch may be the one.
func run() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Haptics}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  feedback(scope) // expected-note:3 {{'feedback(_:)' requires 'Haptics', called here}}
}

func providesInUndecided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  #if canImport(UIKit)
    @Implicit var haptics = Haptics() // expected-error:5 {{Providing implicits inside an '#if' whose condition the analyzer cannot decide is not allowed, since either branch may be the one compiled; provide outside the '#if', in a scope opened and ended inside the clause ('do { let scope = scope.nested() … }'), or use a -D condition}}
  #endif
}

func scopeInUndecided() {
  #if canImport(UIKit)
    let scope = ImplicitScope() // expected-error:5 {{Creating a scope inside an '#if' whose condition the analyzer cannot decide is not allowed when it outlives the clause, since either branch may be the one compiled; open it in a block inside the clause ('do { … }'), outside the '#if', or use a -D condition}}
    defer { scope.end() }
  #endif
}

// The tool knows the compiler that builds code using Implicits is Swift 6
// or later: this clause is compiled.
func knownCompiler() {
  #if compiler(>=6.0)
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    @Implicit var haptics = Haptics()
    feedback(scope)
  #endif
}

// A scope opened and ended inside an undecided clause, with what it
// provides, is fine: nothing outlives the clause.
func scopeInsideTheClause(_ scope: ImplicitScope) {
  #if os(iOS)
    do {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var haptics = Haptics()
      feedback(scope)
    }
    withScope(nesting: scope) { scope in
      @Implicit var haptics = Haptics()
      feedback(scope)
    }
  #endif
}

func requiresLoggerOnly() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  scopeInsideTheClause(scope)
}

#if os(Linux)
  func platformHelper(_: ImplicitScope) {
    @Implicit var logger: Logger // expected-note:5 {{'Logger' is required here by 'platformHelper(_:)'}}
  }
#else
  func platformHelper(_: ImplicitScope) {
    @Implicit var haptics: Haptics // expected-note:5 {{'Haptics' is required here by 'platformHelper(_:)'}}
  }
#endif

func callsPlatformHelper() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Haptics, Logger}}
  defer { scope.end() }
  platformHelper(scope) // expected-note:3 {{'platformHelper(_:)' requires 'Haptics', called here}} expected-note:3 {{'platformHelper(_:)' requires 'Logger', called here}}
}
