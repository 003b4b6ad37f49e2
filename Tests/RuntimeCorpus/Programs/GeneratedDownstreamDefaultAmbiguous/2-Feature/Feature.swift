import Core
import Implicits

extension Job1002 {
  public func run1002(_ x: Int, _ scope: ImplicitScope) {
  }
}
