import Core
import Feature
import Implicits

func checkApp(_ value: @autoclosure () -> Int) { _ = value() }

func log1001(_ x: Double, _ scope: ImplicitScope) {
}

func runProgram() {
  let scope = ImplicitScope()
  defer { scope.end() }
  withScope(nesting: scope) { scope in
    let a1027: Double = 1.5
    log1001(a1027, scope)
  }
  checkApp(f5(1028, scope))
}
