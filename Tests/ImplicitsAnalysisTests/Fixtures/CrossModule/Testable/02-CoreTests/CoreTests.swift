@testable import Core
import Implicits

func testHelper() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Cache}}
  defer { scope.end() }
  internalHelper(scope)
}

func testHelperProvided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = Cache()
  internalHelper(scope)
}
