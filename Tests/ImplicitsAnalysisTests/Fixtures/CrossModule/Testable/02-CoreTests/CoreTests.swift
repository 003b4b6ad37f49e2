@testable import Core
import Implicits

func testHelper() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Cache}}
  defer { scope.end() }
  internalHelper(scope) // expected-note:3 {{'internalHelper(_:)' of module 'Core' requires 'Cache', called here}}
}

func testHelperProvided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = Cache()
  internalHelper(scope)
}
