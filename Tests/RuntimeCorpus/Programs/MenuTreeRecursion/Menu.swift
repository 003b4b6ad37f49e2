import Implicits

extension ImplicitsKeys {
  static let menuDepth = Key<Int>()
  static let menuPath = Key<String>()
}

indirect enum MenuNode {
  case item(String)
  case group(String, [MenuNode])
}

final class Renderer {
  private(set) var lines: [String] = []
  func emit(_ line: String) { lines.append(line) }
}

func renderMenu(_ node: MenuNode, _ scope: ImplicitScope) {
  @Implicit var renderer: Renderer
  @Implicit(\.menuDepth) var depth: Int
  @Implicit(\.menuPath) var path: String
  switch node {
  case let .item(title):
    renderer.emit(String(repeating: "  ", count: depth) + "\(title) (\(path)/\(title))")
  case let .group(title, children):
    renderer.emit(String(repeating: "  ", count: depth) + "\(title)/")
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.menuDepth) var childDepth = depth + 1
    @Implicit(\.menuPath) var childPath = "\(path)/\(title)"
    for child in children {
      renderMenu(child, scope)
    }
  }
  // After the nested scope of a group ended, its depth is gone again.
  @Implicit(\.menuDepth) var after: Int
  precondition(after == depth)
}

func renderMainMenu(_ root: MenuNode) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var renderer = Renderer()
  @Implicit(\.menuDepth) var depth = 0
  @Implicit(\.menuPath) var path = ""
  renderMenu(root, scope)
  return renderer.lines
}
