import SwiftSyntax

/// Which non-escaping closure parameters of the module's functions run in
/// place (`InPlaceClosures`), solved once every body is built: a parameter
/// runs in place unless a body does something else with it, hands it to a
/// parameter that does not, or a call through it may run a body another
/// module adds (a requirement of a public protocol, an `open` member).
struct InPlaceFacts {
  private let elsewhere: Set<ClosureParameter>

  init(elsewhere: Set<ClosureParameter> = []) {
    self.elsewhere = elsewhere
  }

  func runsInPlace(_ parameter: ClosureParameter) -> Bool { !elsewhere.contains(parameter) }
}

extension BodiesStage {
  /// Solves the facts from every file's record, and reports the closures
  /// taken in place for a parameter that does not run them in place, where
  /// they use the scope around them.
  func solveInPlaceFacts() -> InPlaceFacts {
    let records = files + [checks]
    var elsewhere = Set<ClosureParameter>()
    var dependencies: [(parameter: ClosureParameter, on: [ClosureParameter])] = []
    for record in records {
      for (parameter, use) in record.closureParameterUses {
        switch use {
        case .elsewhere: elsewhere.insert(parameter)
        case .inPlace(let reasons): if !reasons.isEmpty { dependencies.append((parameter, reasons)) }
        }
      }
    }
    // A call through a requirement or an overridable method runs one of
    // the bodies that implement it.
    for function in declarations.functions {
      let indices = function.parameters.indices.filter {
        function.parameters[$0].isClosure && !function.parameters[$0].isEscaping && !function.parameters[$0].isAutoclosure
      }
      guard !indices.isEmpty, function.isDispatched else { continue }
      let implementations: [FunctionSymbol]?
      if function.isProtocolRequirement, let proto = function.owner {
        implementations = proto.access >= .package
          ? nil : conformers(of: proto).flatMap { witnesses(of: function, in: $0) }.filter { $0 !== function }
      } else {
        implementations = function.isOpen ? nil : overridesInModule(of: function)
      }
      for index in indices {
        let parameter = ClosureParameter(function: function, index: index)
        guard let implementations else {
          elsewhere.insert(parameter)
          continue
        }
        dependencies.append((parameter, implementations.map { ClosureParameter(function: $0, index: index) }))
      }
    }
    var changed = true
    while changed {
      changed = false
      for (parameter, reasons) in dependencies where !elsewhere.contains(parameter) && reasons.contains(where: elsewhere.contains) {
        elsewhere.insert(parameter)
        changed = true
      }
    }
    for record in records {
      for closure in record.provisionalClosures where closure.usesScope {
        guard let failed = closure.reasons.first(where: elsewhere.contains) else { continue }
        report(.closureParameterNotInPlace(failed.name, of: failed.function.displayName, callee: closure.callee, at: closure.location))
      }
    }
    return InPlaceFacts(elsewhere: elsewhere)
  }
}
