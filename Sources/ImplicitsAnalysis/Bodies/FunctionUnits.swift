/// The units of the module's functions, by function, and the count of the
/// units a session's analyses made: functions do not hold their units, so
/// nothing needs to break a cycle between the two for the syntax trees to
/// be freed once the analysis is done. A function's identity stays valid
/// as long as its unit, which holds the function.
struct FunctionUnits {
  private var units: [ObjectIdentifier: Unit] = [:]
  /// How many units were made, here and by the analyses these were kept
  /// from: the next one's identity.
  private var made = 0

  subscript(function: FunctionSymbol) -> Unit? {
    get { units[ObjectIdentifier(function)] }
    set { units[ObjectIdentifier(function)] = newValue }
  }

  /// An identity no unit made before it has.
  mutating func nextID() -> Unit.ID {
    made += 1
    return Unit.ID(value: made)
  }

  /// Those whose unit passes `test`, and the count.
  func filter(_ test: (Unit) -> Bool) -> FunctionUnits {
    var kept = self
    kept.units = units.filter { test($0.value) }
    return kept
  }
}
