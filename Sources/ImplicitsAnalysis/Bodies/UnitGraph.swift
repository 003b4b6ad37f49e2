/// The units of a module, numbered, with what depends on what: the bodies
/// stage's assembly returns it, and the requirements stage solves over it.
/// A unit's number is its place in the order the files meet it (the order
/// a walk of every file makes them in). The graph holds the numbers and
/// the edges, not the units: the units an editor's next analysis takes
/// again are numbered by that analysis's graph, not in place.
struct UnitGraph {
  /// Every unit: those built, in the order finished, then those created
  /// for calls of functions without a body, in the order of their numbers.
  let units: [Unit]
  /// Each unit's number, by its identity.
  private let numbers: [ObjectIdentifier: Int]
  /// The units whose evaluation depends on each unit's requirements (its
  /// callers), by number.
  private let callers: [Int: Set<Int>]
  /// The units that create each bag, by the bag's identity.
  let bagCreators: [ObjectIdentifier: Set<Int>]

  /// Numbers the units `records` meet, in the order met, and connects each
  /// callee to its callers and each bag to the units that create it.
  init(_ records: [FileBodies]) {
    var numbers: [ObjectIdentifier: Int] = [:]
    var met: [Unit] = []
    for record in records {
      for unit in record.met where numbers[ObjectIdentifier(unit)] == nil {
        numbers[ObjectIdentifier(unit)] = met.count
        met.append(unit)
      }
    }
    let built = records.flatMap(\.built)
    let builtIDs = Set(built.map(ObjectIdentifier.init))
    units = built + met.filter { !builtIDs.contains(ObjectIdentifier($0)) }
    var callers: [Int: Set<Int>] = [:]
    var bagCreators: [ObjectIdentifier: Set<Int>] = [:]
    for record in records {
      for (callee, caller) in record.calls {
        guard let callee = numbers[ObjectIdentifier(callee)], let caller = numbers[ObjectIdentifier(caller)] else { continue }
        callers[callee, default: []].insert(caller)
      }
      for (bag, unit) in record.bagCreators {
        guard let unit = numbers[ObjectIdentifier(unit)] else { continue }
        bagCreators[ObjectIdentifier(bag), default: []].insert(unit)
      }
    }
    self.numbers = numbers
    self.callers = callers
    self.bagCreators = bagCreators
  }

  /// `unit`'s number; nil for a unit no record meets.
  func number(of unit: Unit) -> Int? { numbers[ObjectIdentifier(unit)] }

  /// The numbers of the units that call the unit numbered `number`.
  func callers(of number: Int) -> Set<Int> { callers[number] ?? [] }
}
