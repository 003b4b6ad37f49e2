/// The units of a module, numbered, with what each does and what depends
/// on what: the bodies stage's walks make it, its passes (late overrides,
/// protocol dispatch) each take it and return a new one, and the
/// requirements stage solves over the last. A unit's number is its place
/// in the order the files meet it (the order a walk of every file makes
/// them in). The graph holds the numbers, the events and the edges, not in
/// the units: the units an editor's next analysis takes again are numbered
/// by that analysis's graph, and never changed.
struct UnitGraph {
  /// Every unit: those built, in the order finished, then those created
  /// for calls of functions without a body, in the order of their numbers.
  private(set) var units: [Unit]
  /// Each unit's number, by its identity.
  private var numbers: [Unit.ID: Int]
  /// What each unit does, by number.
  private var events: [[Event]]
  /// The units whose evaluation depends on each unit's requirements (its
  /// callers), by number.
  private var callers: [Int: Set<Int>] = [:]
  /// The units that create each bag, by the bag's identity.
  private(set) var bagCreators: [ObjectIdentifier: Set<Int>] = [:]

  /// Numbers the units `records` meet, in the order met, gives each the
  /// events of its body (the last built, a declaration's, or none), and
  /// connects each callee to its callers and each bag to the units that
  /// create it.
  init(_ records: [FileBodies]) {
    var numbers: [Unit.ID: Int] = [:]
    var met: [Unit] = []
    for record in records {
      for unit in record.met where numbers[unit.id] == nil {
        numbers[unit.id] = met.count
        met.append(unit)
      }
    }
    let built = records.flatMap(\.built)
    let builtIDs = Set(built.map(\.unit.id))
    units = built.map(\.unit) + met.filter { !builtIDs.contains($0.id) }
    events = met.map { $0.declarationEvents ?? [] }
    self.numbers = numbers
    for (unit, events) in built {
      guard let number = numbers[unit.id] else { continue }
      self.events[number] = events
    }
    for record in records { connect(record) }
  }

  /// The graph with the units `record` meets that it does not number yet
  /// (after the others, each with a declaration's events or none), its
  /// calls and bag creations, and `changed` events of some units: what a
  /// pass after the walks returns. A pass builds no unit.
  func extended(by record: FileBodies, replacing changed: [Unit: [Event]] = [:]) -> UnitGraph {
    precondition(record.built.isEmpty, "a pass over the unit graph builds no unit")
    var graph = self
    for unit in record.met where graph.numbers[unit.id] == nil {
      graph.numbers[unit.id] = graph.events.count
      graph.events.append(unit.declarationEvents ?? [])
      graph.units.append(unit)
    }
    for (unit, events) in changed {
      guard let number = graph.numbers[unit.id] else { continue }
      graph.events[number] = events
    }
    graph.connect(record)
    return graph
  }

  private mutating func connect(_ record: FileBodies) {
    for (callee, caller) in record.calls {
      guard let callee = numbers[callee.id], let caller = numbers[caller.id] else { continue }
      callers[callee, default: []].insert(caller)
    }
    for (bag, unit) in record.bagCreators {
      guard let unit = numbers[unit.id] else { continue }
      bagCreators[ObjectIdentifier(bag), default: []].insert(unit)
    }
  }

  /// `unit`'s number; nil for a unit no record meets.
  func number(of unit: Unit) -> Int? { numbers[unit.id] }

  /// What `unit` does, in order; nothing for a unit no record meets.
  func events(of unit: Unit) -> [Event] { numbers[unit.id].map { events[$0] } ?? [] }

  /// The numbers of the units that call the unit numbered `number`.
  func callers(of number: Int) -> Set<Int> { callers[number] ?? [] }
}
