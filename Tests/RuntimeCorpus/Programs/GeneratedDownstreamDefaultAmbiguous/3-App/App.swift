import Core
import Feature
import Implicits

struct Job1002B: Job1002 {
}

func runProgram() {
  let scope = ImplicitScope()
  defer { scope.end() }
  // What the requirement declares, which its callers provide.
  @Implicit var cart = Cart(1)
  @Implicit var logger = Logger(2)
  @Implicit var fileCart = FileCart(3)
  let d1047: any Job1002 = Job1002B()
  d1047.run1002(1047, scope)
}
