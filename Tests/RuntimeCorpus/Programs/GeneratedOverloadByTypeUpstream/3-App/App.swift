import Core
import Feature
import Implicits

func enqueueApp(_ body: @escaping (Int) -> Void) { later.append { body(2) } }

func f2(_ x: Int, _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  let a1046: Double = 1.5
  log10011(a1046, scope)
}

func runProgram() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var v1068 = Metrics(1068)
  @Implicit var v1069 = Session(1069)
  do {
    let scope = scope.nested()
    defer { scope.end() }
    let bag1060 = Implicits(capturing: [.type(Metrics.self), .type(Session.self)])
    enqueueApp { _ in
      let scope = ImplicitScope(with: bag1060)
      defer { scope.end() }
      f2(1062, scope)
    }
  }
}
