import Core
import Implicits

@discardableResult
public func f3(_ x: Int, _ scope: ImplicitScope) -> Int {
  let scope = scope.nested()
  defer { scope.end() }
  f5(1030, scope)
  return x
}

@discardableResult
public func f5(_ x: Int, _ scope: ImplicitScope) -> Int {
  @Implicit var v1029: Logger
  return x
}

public func log10011(_ x: Double, _ scope: ImplicitScope) {
}

public func log10011(_ x: String, _ scope: ImplicitScope) {
  @Implicit var v1037: Cart
  f3(1039, scope)
}
