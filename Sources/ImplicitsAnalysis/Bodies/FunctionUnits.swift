/// The units of the module's functions, by function: functions do not hold
/// their units, so nothing needs to break a cycle between the two for the
/// syntax trees to be freed once the analysis is done. A function's
/// identity stays valid as long as its unit, which holds the function.
struct FunctionUnits {
  private var units: [ObjectIdentifier: Unit] = [:]

  subscript(function: FunctionSymbol) -> Unit? {
    get { units[ObjectIdentifier(function)] }
    set { units[ObjectIdentifier(function)] = newValue }
  }

  /// Those whose unit passes `test`.
  func filter(_ test: (Unit) -> Bool) -> FunctionUnits {
    var kept = FunctionUnits()
    kept.units = units.filter { test($0.value) }
    return kept
  }
}
