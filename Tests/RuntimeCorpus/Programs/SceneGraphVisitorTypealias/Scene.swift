import Implicits

final class Node {
  let name: String
  let children: [Node]
  init(_ name: String, _ children: [Node] = []) {
    self.name = name
    self.children = children
  }
}

typealias Visitor = (Node) -> Void

extension Node {
  /// Visits this node and its descendants, depth first, during the call.
  func walk(_ visit: Visitor) {
    visit(self)
    for child in children {
      child.walk(visit)
    }
  }
}

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
