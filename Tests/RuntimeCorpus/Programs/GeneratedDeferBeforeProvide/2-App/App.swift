import Core
import Implicits

func f5(_ x: Int, _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  f8(1061, scope)
}

func f8(_ x: Int, _ scope: ImplicitScope) {
  withScope(nesting: scope) { scope in
    @Implicit var v1059: Logger
  }
}

func runProgram() {
  let scope = ImplicitScope()
  defer { scope.end() }
  defer {
    f5(1069, scope)
  }
  @Implicit var v1072 = Logger(1072)
}
