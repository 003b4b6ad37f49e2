import Implicits

final class Logger {}
final class Haptics {}

func feedback(_ scope: ImplicitScope) {
  #if os(iOS)
    @Implicit var haptics: Haptics
  #endif
  @Implicit var logger: Logger
}

// Reads in code that may or may not be compiled count: either branch may be the one.
func run() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Haptics}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  feedback(scope)
}

func providesInUndecided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  #if canImport(UIKit)
    @Implicit var haptics = Haptics() // expected-error {{Providing implicits inside an '#if' whose condition the analyzer cannot decide is not allowed, since either branch may be the one compiled; provide outside the '#if' or use a -D condition}}
  #endif
}

func scopeInUndecided() {
  #if compiler(>=6.0)
    let scope = ImplicitScope() // expected-error {{Creating a scope inside an '#if' whose condition the analyzer cannot decide is not allowed, since either branch may be the one compiled; create it outside the '#if' or use a -D condition}}
    defer { scope.end() }
  #endif
}

#if os(Linux)
  func platformHelper(_: ImplicitScope) {
    @Implicit var logger: Logger
  }
#else
  func platformHelper(_: ImplicitScope) {
    @Implicit var haptics: Haptics
  }
#endif

func callsPlatformHelper() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Haptics, Logger}}
  defer { scope.end() }
  platformHelper(scope)
}
