import ImplicitsInterface

/// Propagates requirements backwards along calls to a fixed point.
///
/// A unit requires at entry what it reads, and what the functions it calls
/// require, minus what it provides before in the enclosing local scopes.
/// Requirements pass out of nested scopes; they stop at a root scope (where
/// whatever is still required is an error) and at a reopened bag (which
/// then captures exactly them). Recursion converges because requirement
/// sets only grow and are bounded by the keys in the module.
final class RequirementSolver {
  let graph: UnitGraph
  private let unitsByID: [Int: Unit]
  /// What each unit requires at entry, by the unit's number, each key
  /// with the first chain found.
  private(set) var requirements: [Int: [ImplicitKeyRef: Witness]] = [:]
  /// What each `#implicits` bag captures, by the bag's identity.
  private(set) var bagKeys: [ObjectIdentifier: [ImplicitKeyRef: Witness]] = [:]
  /// What reaches each root scope (and each explicit bag's reopening)
  /// without being provided.
  private(set) var unresolved: [ObjectIdentifier: (scope: LocalScope, keys: [ImplicitKeyRef: Witness])] = [:]
  private var scopeOrder: [ObjectIdentifier] = []

  /// The numbers of upstream requirement lists.
  private let keys: KeyTable

  init(_ graph: UnitGraph, keys: KeyTable) {
    self.graph = graph
    self.keys = keys
    unitsByID = Dictionary(graph.units.map { (graph.number(of: $0)!, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// What `unit` requires at entry so far.
  private func requirements(of unit: Unit) -> [ImplicitKeyRef: Witness] {
    graph.number(of: unit).flatMap { requirements[$0] } ?? [:]
  }

  /// The keys a bag holds so far: those it lists, or those captured.
  private func keys(of bag: Bag) -> [ImplicitKeyRef: Witness] {
    bag.isExplicit ? bag.listedKeys : bagKeys[ObjectIdentifier(bag)] ?? [:]
  }

  private enum Sink {
    case entry
    case root(LocalScope)
    case bag(Bag)
  }

  func solve() {
    var queue = graph.units.map { graph.number(of: $0)! }
    var queued = Set(queue)
    var head = 0
    while head < queue.count {
      let id = queue[head]
      head += 1
      queued.remove(id)
      guard let unit = unitsByID[id] else { continue }
      var changedUnit = false
      var changedBags: [Bag] = []
      evaluate(unit) { sink, key, witness in
        switch sink {
        case .entry:
          guard unit.hasScopeParameter, requirements[id]?[key] == nil else { return }
          requirements[id, default: [:]][key] = witness()
          changedUnit = true
        case .bag(let bag):
          guard !bag.isExplicit, bagKeys[ObjectIdentifier(bag)]?[key] == nil else { return }
          bagKeys[ObjectIdentifier(bag), default: [:]][key] = witness()
          changedBags.append(bag)
        case .root(let scope):
          let id = ObjectIdentifier(scope)
          if unresolved[id] == nil {
            unresolved[id] = (scope, [:])
            scopeOrder.append(id)
          }
          if unresolved[id]!.keys[key] == nil { unresolved[id]!.keys[key] = witness() }
        }
      }
      var dependents: [Int] = []
      if changedUnit { dependents += graph.callers(of: id).sorted() }
      for bag in changedBags { dependents += (graph.bagCreators[ObjectIdentifier(bag)] ?? []).sorted() }
      for dependent in dependents where !queued.contains(dependent) {
        queue.append(dependent)
        queued.insert(dependent)
      }
    }
  }

  /// Reports each key that reaches a sink unprovided, with the witness
  /// made only if the sink takes it: most keys of a later round are known
  /// already, and a callee may require thousands.
  private typealias Report = (Sink, ImplicitKeyRef, () -> Witness) -> Void

  private func evaluate(_ unit: Unit, report: Report) {
    walk(graph.events(of: unit), provided: Provided(), sink: .entry, unit: unit, report: report)
  }

  /// Keys provided so far; `everything` after a provide whose key could
  /// not be told (already an error).
  private struct Provided {
    var keys: Set<ImplicitKeyRef> = []
    var everything = false

    func contains(_ key: ImplicitKeyRef) -> Bool { everything || keys.contains(key) }
  }

  private func walk(
    _ events: [Event], provided initial: Provided, sink: Sink, unit: Unit,
    report: Report
  ) {
    var provided = initial
    for event in events {
      switch event {
      case .read(let key, let location, let what):
        if !provided.contains(key) {
          report(sink, key) { .read(location, unit: unit.displayName, what: what) }
        }
      case .provide(let key, _):
        provided.keys.insert(key)
      case .provideAnything:
        provided.everything = true
      case .call(let call):
        reportRequirements(of: call, provided: provided, sink: sink, report: report)
      case .capture(let bag, let location):
        for (key, witness) in keys(of: bag) where !provided.contains(key) {
          report(sink, key) { .capture(location, next: witness) }
        }
      case .scope(let scope):
        switch scope.kind {
        case .nested:
          walk(scope.events, provided: provided, sink: sink, unit: unit, report: report)
        case .root:
          walk(scope.events, provided: Provided(), sink: .root(scope), unit: unit, report: report)
        case .unknown:
          walk(scope.events, provided: Provided(everything: true), sink: .root(scope), unit: unit, report: report)
        case .bag(let bag):
          if bag.isExplicit {
            walk(scope.events, provided: Provided(keys: Set(bag.listedKeys.keys)), sink: .root(scope), unit: unit, report: report)
          } else {
            walk(scope.events, provided: Provided(), sink: .bag(bag), unit: unit, report: report)
          }
        }
      }
    }
  }

  /// What the callee requires and is not provided, each key once: the
  /// first of several candidate callees that requires it gives its witness.
  /// Keys go out in no particular order; every sink is keyed.
  private func reportRequirements(of call: CallEvent, provided: Provided, sink: Sink, report: Report) {
    switch call.target {
    case .unit(let callee):
      for (key, next) in requirements(of: callee) where !provided.contains(key) {
        report(sink, key) { .call(call.location, callee: call.calleeName, next: next) }
      }
    case .units(let callees):
      var seen: Set<ImplicitKeyRef> = []
      for callee in callees {
        for (key, next) in requirements(of: callee) where !provided.contains(key) && seen.insert(key).inserted {
          report(sink, key) { .call(call.location, callee: call.calleeName, next: next) }
        }
      }
    case .upstream(let function):
      var witness: Witness?
      for number in function.requirements {
        let key = keys[number]
        guard !provided.contains(key) else { continue }
        report(sink, key) {
          if let witness { return witness }
          let made = Witness.upstreamCall(
            call.location, callee: call.calleeName, module: function.module, function: function.decl.qualifiedSignature)
          witness = made
          return made
        }
      }
    }
  }

  /// Root scopes (and explicit bag reopenings) with keys nobody provides,
  /// in the order they were found.
  var unresolvedScopes: [(scope: LocalScope, keys: [ImplicitKeyRef: Witness])] {
    scopeOrder.compactMap { unresolved[$0] }
  }
}

/// The requirements stage: what every unit requires at entry, what every
/// `#implicits` bag captures, and what reaches a root scope unprovided.
struct SolvedRequirements {
  /// The units solved over, which number them.
  private let graph: UnitGraph
  /// By unit number.
  private let requirements: [Int: [ImplicitKeyRef: Witness]]
  private let bagKeys: [ObjectIdentifier: [ImplicitKeyRef: Witness]]
  /// Root scopes (and explicit bag reopenings) with keys nobody provides,
  /// in the order found.
  let unresolvedScopes: [(scope: LocalScope, keys: [ImplicitKeyRef: Witness])]

  /// Solves the requirements of the units and bags of `bodies`; `keys`
  /// numbers the upstream functions' requirements.
  init(_ bodies: ModuleBodies, keys: KeyTable) {
    let solver = RequirementSolver(bodies.graph, keys: keys)
    solver.solve()
    graph = bodies.graph
    requirements = solver.requirements
    bagKeys = solver.bagKeys
    unresolvedScopes = solver.unresolvedScopes
  }

  /// What `unit` requires at entry, each key with the first chain found.
  func requirements(of unit: Unit) -> [ImplicitKeyRef: Witness] {
    graph.number(of: unit).flatMap { requirements[$0] } ?? [:]
  }

  /// What `bag` holds: the keys it lists, or those the code reopening it reads.
  func keys(of bag: Bag) -> [ImplicitKeyRef: Witness] {
    bag.isExplicit ? bag.listedKeys : bagKeys[ObjectIdentifier(bag)] ?? [:]
  }
}
