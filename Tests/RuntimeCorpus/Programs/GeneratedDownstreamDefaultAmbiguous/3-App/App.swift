import Core
import Feature
import Implicits

struct Job1002B: Job1002 {
}

func runProgram() {
  let scope = ImplicitScope()
  defer { scope.end() }
  let d1047: any Job1002 = Job1002B()
  d1047.run1002(1047, scope)
}
