import Foundation

/// `implicits graph`: the modules in build order (text), the graph for
/// Graphviz (dot), or both (json).
public enum GraphRenderer {
  public enum Format: String, Sendable, CaseIterable {
    case text, dot, json
  }

  public static func render(_ graph: ModuleGraph, as format: Format) -> String {
    switch format {
    case .text:
      return graph.order.enumerated().map { index, name in
        let node = graph.nodes[name]!
        let dependencies = node.moduleDependencies + node.externalDependencies.map { $0 + " (external)" }
        return "\(index + 1). \(name)" + (dependencies.isEmpty ? "" : " <- " + dependencies.joined(separator: ", "))
      }.joined(separator: "\n") + "\n"
    case .dot:
      var lines = ["digraph implicits {", "  rankdir=BT;"]
      for name in graph.externalInterfaces.sorted() {
        lines.append("  \(quoted(name)) [shape=box, style=dashed];")
      }
      for name in graph.order {
        lines.append("  \(quoted(name));")
        let node = graph.nodes[name]!
        for dependency in node.moduleDependencies + node.externalDependencies {
          lines.append("  \(quoted(name)) -> \(quoted(dependency));")
        }
      }
      lines.append("}")
      return lines.joined(separator: "\n") + "\n"
    case .json:
      let object: [String: Any] = [
        "order": graph.order,
        "modules": graph.order.map { name -> [String: Any] in
          let node = graph.nodes[name]!
          return ["name": name, "dependencies": node.moduleDependencies, "externalDependencies": node.externalDependencies]
        },
        "externalInterfaces": graph.externalInterfaces.sorted(),
      ]
      let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
      return String(decoding: data, as: UTF8.self) + "\n"
    }
  }

  private static func quoted(_ name: String) -> String { "\"\(name)\"" }
}
