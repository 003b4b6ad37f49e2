import Core
import Implicits

@discardableResult
public func f5(_ x: Int, _ scope: ImplicitScope) -> Int {
  let a1015: String = "a"
  log1001(a1015, scope)
  return x
}
