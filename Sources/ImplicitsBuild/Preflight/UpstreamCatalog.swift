import Foundation
import ImplicitsAnalysis
import ImplicitsInterface
import ImplicitsToolSupport

/// Where each module of a build finds the interfaces below it: the
/// interface of every module it depends on, directly or not, where the
/// build's layout puts it, and every external interface that it or one of
/// those modules lists.
///
/// An analysis asks for a module by name when it first needs it (an
/// import, the module that declares a type it reaches), and the catalog
/// answers whether the module lies below the one analyzed with a search
/// of the graph that remembers what it found for each module it asked
/// about: a module deep in a chain asks the same of its dependency as the
/// one below it asked, so its question costs a step, not the depth. No
/// module's whole closure is listed, except for `generate ninja`, which
/// writes it.
///
/// A build makes one catalog and hands it to every analysis; a worker
/// process gets it once (`BuildCodable`) and keeps it for its jobs.
package final class UpstreamCatalog: @unchecked Sendable {
  let outputDirectory: String
  /// The build's modules in build order, then its external interfaces.
  private let names: [String]
  private let moduleCount: Int
  private let index: [String: Int]
  /// What each module depends on directly: modules and external
  /// interfaces, by index.
  private let dependencies: [[Int]]
  /// The path of each external interface, by index minus `moduleCount`.
  private let externalPaths: [String]
  /// For each asked-about target, what the searches found: whether each
  /// module they visited reaches it.
  private let reached = LockedValue([Int: [Int: Bool]]())

  convenience init(graph: ModuleGraph, externalPaths: [String: String], outputDirectory: String) {
    let externals = externalPaths.keys.sorted()
    var names = graph.order
    names += externals
    var index: [String: Int] = [:]
    for (position, name) in names.enumerated() { index[name] = position }
    self.init(
      outputDirectory: outputDirectory, names: names, moduleCount: graph.order.count, index: index,
      dependencies: graph.order.map { name in
        let node = graph.nodes[name]!
        return (node.moduleDependencies + node.externalDependencies).compactMap { index[$0] }
      },
      externalPaths: externals.map { externalPaths[$0]! })
  }

  private init(
    outputDirectory: String, names: [String], moduleCount: Int, index: [String: Int], dependencies: [[Int]],
    externalPaths: [String]
  ) {
    self.outputDirectory = outputDirectory
    self.names = names
    self.moduleCount = moduleCount
    self.index = index
    self.dependencies = dependencies
    self.externalPaths = externalPaths
  }

  private var layout: BuildLayout { BuildLayout(outputDirectory: outputDirectory) }

  private func path(of node: Int) -> String {
    node < moduleCount ? layout.interface(of: names[node]) : externalPaths[node - moduleCount]
  }

  /// The interface file `module`'s analysis may read for `upstream`, nil
  /// when `upstream` does not lie below `module`.
  package func interfacePath(of upstream: String, for module: String) -> String? {
    guard let start = index[module], start < moduleCount, let target = index[upstream], target != start,
      reaches(from: start, to: target)
    else { return nil }
    return path(of: target)
  }

  /// The interfaces `module`'s analysis may read, each read when the
  /// analysis first asks for it; `budget` bounds the bytes they hold at once.
  func interfaces(for module: String, budget: InterfaceBudget) -> UpstreamInterfaces {
    UpstreamInterfaces { name in
      self.interfacePath(of: name, for: module).map { LazyInterface(moduleName: name, path: $0, budget: budget) }
    }
  }

  /// Every interface below `module`, as `generate ninja` lists them: the
  /// modules in build order, then the external interfaces by name.
  package func allInterfaces(below module: String) -> [(module: String, path: String)] {
    guard let start = index[module] else { return [] }
    var visited = Set<Int>()
    var pending = dependencies[start]
    while let node = pending.popLast() {
      guard visited.insert(node).inserted else { continue }
      if node < moduleCount { pending += dependencies[node] }
    }
    return visited.sorted().map { (names[$0], path(of: $0)) }
  }

  /// Whether `name` is a module of the build (not an external interface).
  package func isModule(_ name: String) -> Bool { index[name].map { $0 < moduleCount } ?? false }

  /// Whether `start` depends on `target`, directly or not: a depth-first
  /// search that stops where an earlier search already knows the answer.
  /// Modules come after everything they depend on, so none before a module
  /// target can reach it.
  private func reaches(from start: Int, to target: Int) -> Bool {
    // The answers for `target` change in place: a copy of them per
    // question made a module's questions cost what every earlier module
    // asked about the same target.
    reached.withLock { reached in
      Self.search(from: start, to: target, in: dependencies, modules: moduleCount, known: &reached[target, default: [:]])
    }
  }

  /// The search of `reaches`, adding what it finds to `known`.
  private static func search(
    from start: Int, to target: Int, in dependencies: [[Int]], modules moduleCount: Int, known: inout [Int: Bool]
  ) -> Bool {
    if let answer = known[start] { return answer }
    var stack: [(node: Int, next: Int)] = [(start, 0)]
    while let (node, next) = stack.last {
      let edges = dependencies[node]
      guard next < edges.count else {
        known[node] = false
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next += 1
      let child = edges[next]
      let found = child == target ? true : known[child]
      if found == true {
        for entry in stack { known[entry.node] = true }
        return true
      }
      if found == false || child >= moduleCount || (target < moduleCount && child < target) { continue }
      stack.append((child, 0))
    }
    return false
  }
}

extension UpstreamCatalog: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    outputDirectory.encode(to: &writer)
    names.encode(to: &writer)
    writer.varint(moduleCount)
    for edges in dependencies {
      writer.varint(edges.count)
      for edge in edges { writer.varint(edge) }
    }
    externalPaths.encode(to: &writer)
  }

  package convenience init?(from reader: inout ByteReader) {
    guard let outputDirectory = String(from: &reader), let names = [String](from: &reader),
      let moduleCount = reader.varint(), moduleCount <= names.count
    else { return nil }
    var dependencies: [[Int]] = []
    dependencies.reserveCapacity(moduleCount)
    for _ in 0..<moduleCount {
      guard let count = reader.varint(), count <= reader.remaining else { return nil }
      var edges: [Int] = []
      for _ in 0..<count {
        guard let edge = reader.varint(), edge < names.count else { return nil }
        edges.append(edge)
      }
      dependencies.append(edges)
    }
    guard let externalPaths = [String](from: &reader), externalPaths.count == names.count - moduleCount else { return nil }
    var index: [String: Int] = [:]
    for (position, name) in names.enumerated() { index[name] = position }
    self.init(
      outputDirectory: outputDirectory, names: names, moduleCount: moduleCount, index: index, dependencies: dependencies,
      externalPaths: externalPaths)
  }
}
