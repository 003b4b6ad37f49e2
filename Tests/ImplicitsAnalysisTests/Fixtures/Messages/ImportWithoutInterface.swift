import Core
import Foundation
import Implicits

// The most common mistake: the module imports 'Core', but no interface of
// 'Core' was given. The message says so, and what to do. Platform modules
// (Foundation) have no interface and are not named.

func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  greet("Ada", scope) // expected-error:3 {{Unresolved symbol 'greet(_:_:)'; the module imports 'Core', whose interface was not given: if it is declared there, analyze that module first and pass its interface with '--dependency-interface' (in 'implicits build', add 'Core' to the module's 'dependencies'; in CMake, 'target_link_libraries(Fixture PUBLIC Core)'; in Bazel, its target to the target's 'deps')}}
}
