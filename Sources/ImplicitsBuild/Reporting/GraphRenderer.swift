import Foundation
import ImplicitsInterface

/// `implicits graph`: the modules in build order (text), the graph for
/// Graphviz (dot), or both (json); the whole graph, or one module with
/// what it depends on (or, reversed, what depends on it).
public enum GraphRenderer {
  public enum Format: String, Sendable, CaseIterable {
    case text, dot, json
  }

  /// The part of the graph to show.
  public struct Selection: Sendable {
    /// One module and its dependencies (or dependents); nil: everything.
    public var module: String?
    public var reverse: Bool

    public init(module: String? = nil, reverse: Bool = false) {
      self.module = module
      self.reverse = reverse
    }
  }

  public static func render(_ graph: ModuleGraph, as format: Format, selection: Selection = Selection()) -> String {
    let shown: [String]
    if let module = selection.module {
      if selection.reverse {
        let dependents = graph.dependents(of: module)
        shown = graph.order.filter { $0 == module || dependents.contains($0) }
      } else {
        shown = graph.closure(of: [module])
      }
    } else {
      shown = graph.order
    }
    let members = Set(shown)
    // Externals belong to the picture only when looking down the graph.
    let showsExternals = !selection.reverse
    func edges(of name: String) -> [String] {
      let node = graph.nodes[name]!
      return node.moduleDependencies.filter(members.contains) + (showsExternals ? node.externalDependencies : [])
    }

    switch format {
    case .text:
      return shown.enumerated().map { index, name in
        let node = graph.nodes[name]!
        let dependencies =
          node.moduleDependencies.filter(members.contains)
          + (showsExternals ? node.externalDependencies.map { $0 + " (external)" } : [])
        return "\(index + 1). \(name)" + (dependencies.isEmpty ? "" : " <- " + dependencies.joined(separator: ", "))
      }.joined(separator: "\n") + "\n"
    case .dot:
      let reduced = transitiveReduction(shown, edges: edges)
      var lines = ["digraph implicits {", "  rankdir=BT;"]
      let externals = Set(shown.flatMap { showsExternals ? graph.nodes[$0]!.externalDependencies : [] })
      for name in externals.sorted() {
        lines.append("  \(quoted(name)) [shape=box, style=dashed];")
      }
      for name in shown {
        lines.append("  \(quoted(name))\(name == selection.module ? " [style=bold]" : "");")
        for dependency in reduced[name]! {
          lines.append("  \(quoted(name)) -> \(quoted(dependency));")
        }
      }
      lines.append("}")
      return lines.joined(separator: "\n") + "\n"
    case .json:
      let externals = Set(shown.flatMap { showsExternals ? graph.nodes[$0]!.externalDependencies : [] })
      return JSONText.object([
        "order": .array(shown.map(JSONText.string)),
        "modules": .array(
          shown.map { name in
            let node = graph.nodes[name]!
            return .object([
              "name": .string(name),
              "dependencies": .array(node.moduleDependencies.filter(members.contains).map(JSONText.string)),
              "externalDependencies": .array((showsExternals ? node.externalDependencies : []).map(JSONText.string)),
            ])
          }),
        "externalInterfaces": .array(externals.sorted().map(JSONText.string)),
      ]).rendered
    }
  }

  /// The edges that remain when every edge implied by a longer path is
  /// dropped. `order` lists dependencies first.
  static func transitiveReduction(_ order: [String], edges: (String) -> [String]) -> [String: [String]] {
    // What each node reaches through at least one edge.
    var reach: [String: Set<String>] = [:]
    for name in order {
      var reached = Set<String>()
      for target in edges(name) {
        reached.insert(target)
        reached.formUnion(reach[target] ?? [])
      }
      reach[name] = reached
    }
    var reduced: [String: [String]] = [:]
    for name in order {
      let targets = edges(name)
      reduced[name] = targets.filter { target in
        !targets.contains { other in other != target && (reach[other] ?? []).contains(target) }
      }
    }
    return reduced
  }

  private static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
