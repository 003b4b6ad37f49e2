import Implicits
import SceneGraph

final class Renderer {
  private(set) var drawn: [String] = []
  func draw(_ name: String) { drawn.append(name) }
}

func draw(_ node: Node, _: ImplicitScope) {
  @Implicit var renderer: Renderer
  renderer.draw(node.name)
}

func drawScene(_ root: Node, _ scope: ImplicitScope) {
  root.walk { node in
    draw(node, scope)
  }
}

func renderFrame() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var renderer = Renderer()
  let scene = Node("root", [Node("camera"), Node("player", [Node("sword")])])
  drawScene(scene, scope)
  return renderer.drawn
}
