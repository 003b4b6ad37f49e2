import ImplicitsInterface

/// Turns a witness into the steps, and the notes, that show one call chain
/// down to the read that needs a key.
enum ChainNotes {
  static func notes(for key: ImplicitKeyRef, witness: Witness, namer: KeyNamer) -> [Diagnostic.Note] {
    ChainStep.notes(steps(of: witness), keyName: "'\(namer.name(key))'")
  }

  /// The steps of the chain, at most 64.
  static func steps(of witness: Witness) -> [ChainStep] {
    var steps: [ChainStep] = []
    var current: Witness? = witness
    while let step = current, steps.count < 64 {
      switch step {
      case .read(let location, let unit, let what):
        steps.append(ChainStep(location: location, kind: .read, subject: unit, detail: what.spelled))
        current = nil
      case .call(let location, let callee, let next):
        steps.append(ChainStep(location: location, kind: .call, subject: callee))
        current = next
      case .upstreamCall(let location, let callee, let module, _):
        steps.append(ChainStep(location: location, kind: .upstreamCall, subject: callee, detail: module))
        current = nil
      case .capture(let location, let next):
        steps.append(ChainStep(location: location, kind: .capture))
        current = next
      case .listed(let location):
        steps.append(ChainStep(location: location, kind: .listed))
        current = nil
      }
    }
    return steps
  }

  /// The upstream function the chain continues in, when it leaves the module.
  static func continuation(of witness: Witness) -> RequirementChain.Link? {
    var current: Witness? = witness
    var steps = 0
    while let step = current, steps < 64 {
      steps += 1
      switch step {
      case .read, .listed: return nil
      case .call(_, _, let next), .capture(_, let next): current = next
      case .upstreamCall(_, _, let module, let function): return RequirementChain.Link(module: module, function: function)
      }
    }
    return nil
  }
}
