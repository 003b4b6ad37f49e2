import Implicits

public func log1001(_ x: String, _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
}

public func log1001(_ x: Int?, _ scope: ImplicitScope) {
  let a1010: String = "a"
  log1001(a1010, scope)
}
