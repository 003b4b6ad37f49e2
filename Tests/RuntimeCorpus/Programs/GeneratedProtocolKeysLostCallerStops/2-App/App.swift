import Core
import Implicits

func log1001(name x: Int, _ scope: ImplicitScope) {
  let bag1045 = Implicits(capturing: .type(Cart.self), .type(Logger.self))
  enqueueCore { _ in
    let scope = ImplicitScope(with: bag1045)
    defer { scope.end() }
    let d1042: any Job1003 = Job1003A()
    d1042.run1003(1042, scope)
  }
}

func f11(_ x: Int, _ scope: ImplicitScope) {
  log1001(name: 1, scope)
}

func runProgram() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var v1064 = Cart(1064)
  @Implicit var v1065 = FileCart(1065)
  @Implicit var v1066 = Logger(1066)
  f11(1063, scope)
}
