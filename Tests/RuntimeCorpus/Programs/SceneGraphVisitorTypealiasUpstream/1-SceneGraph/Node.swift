public final class Node {
  public let name: String
  public let children: [Node]
  public init(_ name: String, _ children: [Node] = []) {
    self.name = name
    self.children = children
  }
}

public typealias Visitor = (Node) -> Void

extension Node {
  /// Visits this node and its descendants, depth first, during the call.
  public func walk(_ visit: Visitor) {
    visit(self)
    for child in children {
      child.walk(visit)
    }
  }
}
