import Implicits
import MissingPluginCore

public func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  tick(scope)
}
