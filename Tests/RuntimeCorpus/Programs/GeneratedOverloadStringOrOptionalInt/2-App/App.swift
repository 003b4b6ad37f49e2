import Core
import Implicits

func runProgram() {
  let scope = ImplicitScope()
  defer { scope.end() }
  log1001(nil, scope)
}
