import HeapModule
import ImplicitsInterface
import ImplicitsManifest

/// The modules of a manifest and their dependencies, in the order a build
/// analyzes them.
public struct ModuleGraph: Sendable {
  public struct Node: Sendable {
    public var name: String
    /// Dependencies that are modules of this manifest.
    public var moduleDependencies: [String]
    /// Dependencies that are external interfaces.
    public var externalDependencies: [String]
  }

  /// Modules in topological order: every module after its dependencies;
  /// among modules whose dependencies are done, the manifest's order.
  public private(set) var order: [String] = [] {
    didSet {
      position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
      dependencyPositions = order.map { name in (nodes[name]?.moduleDependencies ?? []).compactMap { position[$0] } }
    }
  }
  /// Each module's index in `order`.
  private var position: [String: Int] = [:]
  /// The modules each module of `order` depends on, by index in `order`.
  private var dependencyPositions: [[Int]] = []
  public private(set) var nodes: [String: Node] = [:]
  public let externalInterfaces: Set<String>

  /// Builds the graph; returns the cycles found instead when there are any.
  public static func make(_ manifest: Manifest) -> Result<ModuleGraph, CycleError> {
    var graph = ModuleGraph(externalInterfaces: Set(manifest.externalInterfaces.map(\.name)))
    let moduleNames = Set(manifest.modules.map(\.name))
    for module in manifest.modules {
      // Each once (the loader refuses a dependency listed twice).
      let written = module.dependencies.map(\.value)
      var seen = Set<String>()
      let dependencies = written.count < 2 ? written : written.filter { seen.insert($0).inserted }
      graph.nodes[module.name] = Node(
        name: module.name,
        moduleDependencies: dependencies.filter { moduleNames.contains($0) },
        externalDependencies: dependencies.filter { !moduleNames.contains($0) })
    }
    let names = manifest.modules.map(\.name)
    let order = graph.topologicalOrder(names)
    // Kahn's order leaves out exactly the modules on or above a cycle: only
    // then is the graph searched for the cycles to print.
    if order.count < names.count, let cycles = graph.cycles(in: names), !cycles.isEmpty {
      return .failure(CycleError(cycles: cycles))
    }
    graph.order = order
    return .success(graph)
  }

  private init(externalInterfaces: Set<String>) {
    self.externalInterfaces = externalInterfaces
  }

  /// Kahn's algorithm; ties broken by manifest order (the ready modules
  /// wait in a heap of manifest positions): O((modules + edges) log modules).
  private func topologicalOrder(_ names: [String]) -> [String] {
    let position = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    var waiting = [Int](repeating: 0, count: names.count)
    var dependents = [[Int]](repeating: [], count: names.count)
    for (index, name) in names.enumerated() {
      for dependency in nodes[name]!.moduleDependencies {
        dependents[position[dependency]!].append(index)
        waiting[index] += 1
      }
    }
    var ready = Heap(names.indices.filter { waiting[$0] == 0 })
    var order: [String] = []
    order.reserveCapacity(names.count)
    while let next = ready.popMin() {
      order.append(names[next])
      for dependent in dependents[next] {
        waiting[dependent] -= 1
        if waiting[dependent] == 0 { ready.insert(dependent) }
      }
    }
    return order
  }

  /// Every elementary cycle reachable by depth-first search, each printed
  /// once, starting at its first module in manifest order.
  private func cycles(in names: [String]) -> [[String]]? {
    var state: [String: Int] = [:]  // 1: on the stack, 2: done
    var stack: [String] = []
    var found: [[String]] = []
    var seen = Set<String>()
    func visit(_ name: String) {
      state[name] = 1
      stack.append(name)
      for dependency in nodes[name]?.moduleDependencies ?? [] {
        if state[dependency] == 1, let start = stack.firstIndex(of: dependency) {
          var cycle = Array(stack[start...])
          let rank = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
          let rotation = cycle.indices.min { rank[cycle[$0]]! < rank[cycle[$1]]! }!
          cycle = Array(cycle[rotation...] + cycle[..<rotation])
          if seen.insert(cycle.joined(separator: " ")).inserted { found.append(cycle) }
        } else if state[dependency] == nil {
          visit(dependency)
        }
      }
      stack.removeLast()
      state[name] = 2
    }
    for name in names where state[name] == nil { visit(name) }
    return found
  }

  /// `modules` and everything they depend on, in build order.
  public func closure(of modules: [String]) -> [String] {
    guard !modules.isEmpty else { return [] }
    return search(from: modules) { _ in false }.visited.sorted().map { order[$0] }
  }

  /// Visits `modules` and what they depend on, by index in build order
  /// (time in what is visited, not in the graph), until `stop` says so.
  private func search(from modules: [String], stop: (Int) -> Bool) -> (found: Bool, visited: Set<Int>) {
    var visited = Set<Int>()
    var pending = modules.compactMap { position[$0] }
    while let module = pending.popLast() {
      guard visited.insert(module).inserted else { continue }
      if stop(module) { return (true, visited) }
      pending += dependencyPositions[module]
    }
    return (false, visited)
  }

  /// Whether `name` depends on `target` (a module or an external
  /// interface), directly or not. A search from `name` that stops when it
  /// finds it: a direct dependency costs one look, not the closure.
  public func depends(_ name: String, on target: String) -> Bool {
    guard let start = nodes[name] else { return false }
    if start.moduleDependencies.contains(target) || start.externalDependencies.contains(target) { return true }
    return search(from: start.moduleDependencies) { index in
      order[index] == target || nodes[order[index]]!.externalDependencies.contains(target)
    }.found
  }

  /// Every module `name` depends on, directly or not.
  public func transitiveDependencies(of name: String) -> [String] {
    closure(of: nodes[name]?.moduleDependencies ?? [])
  }

  /// Every external interface `name` depends on, directly or through its modules.
  public func transitiveExternals(of name: String) -> [String] {
    transitiveExternals(of: name, dependencies: transitiveDependencies(of: name))
  }

  /// The same, given the modules `name` depends on (`transitiveDependencies`).
  public func transitiveExternals(of name: String, dependencies: [String]) -> [String] {
    var result = Set(nodes[name]?.externalDependencies ?? [])
    for dependency in dependencies {
      result.formUnion(nodes[dependency]?.externalDependencies ?? [])
    }
    return result.sorted()
  }

  /// A digest of each module's place in the graph: its name, its external
  /// interfaces, and its direct dependencies with their digests. Two builds
  /// give a module the same digest only when everything it depends on,
  /// directly or not, is the same; one pass in build order, linear in
  /// modules plus edges (no closure is listed).
  public func structureDigests() -> [String: String] {
    var digests: [String: String] = [:]
    digests.reserveCapacity(order.count)
    var text: [UInt8] = []
    for name in order {
      let node = nodes[name]!
      text.removeAll(keepingCapacity: true)
      text += name.utf8
      text.append(UInt8(ascii: "\n"))
      for (index, external) in node.externalDependencies.sorted().enumerated() {
        if index > 0 { text.append(UInt8(ascii: ",")) }
        text += external.utf8
      }
      text.append(UInt8(ascii: "\n"))
      for dependency in node.moduleDependencies.sorted() {
        text += dependency.utf8
        text.append(UInt8(ascii: "="))
        text += digests[dependency]!.utf8
        text.append(UInt8(ascii: "\n"))
      }
      digests[name] = SHA256.hex(text)
    }
    return digests
  }

  /// Modules that depend on `name`, directly or not.
  public func dependents(of name: String) -> Set<String> {
    var result = Set<String>()
    var changed = true
    while changed {
      changed = false
      for (candidate, node) in nodes where !result.contains(candidate) {
        if node.moduleDependencies.contains(where: { $0 == name || result.contains($0) }) {
          result.insert(candidate)
          changed = true
        }
      }
    }
    return result
  }
}

/// Dependency cycles, each printed whole: `A -> B -> C -> A`.
public struct CycleError: Error, Sendable {
  public var cycles: [[String]]

  public var descriptions: [String] {
    cycles.map { ($0 + [$0[0]]).joined(separator: " -> ") }
  }
}
