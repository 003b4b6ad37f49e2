// analyze: -D FEATURE_LOGGING
import Implicits

final class Logger {}
final class Tracer {}
final class Debugger {}

func work(_ scope: ImplicitScope) {
  #if FEATURE_LOGGING
    @Implicit var logger: Logger // expected-note:5 {{'Logger' is required here by 'work(_:)'}}
  #else
    @Implicit var tracer: Tracer
  #endif
  #if DEBUG_TOOLS
    @Implicit var debugger: Debugger
  #endif
}

func run() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Logger}}
  defer { scope.end() }
  work(scope) // expected-note:3 {{'work(_:)' requires 'Logger', called here}}
}

func runWithLogger() {
  let scope = ImplicitScope()
  defer { scope.end() }
  #if FEATURE_LOGGING && !DEBUG_TOOLS
    @Implicit var logger = Logger()
  #endif
  work(scope)
}
