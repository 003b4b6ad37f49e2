import Core
import Implicits

/// Runs `first` during the call and keeps `second` for later.
func scheduleApp(_ first: (Int) -> Void, then second: @escaping (Int) -> Void) {
  first(1)
  later.append { second(2) }
}

func runProgram() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var v1033 = Logger(1033)
  @Implicit var v1026 = Cart(1026)
  @Implicit var v1010 = Session(1010)
  let bag1011 = Implicits(capturing: .type(Cart.self), .type(Logger.self), .type(Session.self))
  scheduleApp { _ in
    @Implicit var v1012: Logger
  } then: { _ in
    let scope = ImplicitScope(with: bag1011)
    defer { scope.end() }
    @Implicit var v1013: Cart
  }
}
