import ImplicitsInterface

/// Turns a witness into the notes that show one call chain down to the
/// read that needs a key.
enum ChainNotes {
  static func notes(for key: ImplicitKeyRef, witness: Witness, namer: KeyNamer) -> [Diagnostic.Note] {
    var notes: [Diagnostic.Note] = []
    var current: Witness? = witness
    let name = "'\(namer.name(key))'"
    while let step = current, notes.count < 64 {
      switch step {
      case .read(let location, let unit, let what):
        let message =
          what.isEmpty
          ? "\(name) is required here by '\(unit)'"
          : "\(name) is required here by \(what) in '\(unit)'"
        notes.append(Diagnostic.Note(location: location, message: message))
        current = nil
      case .call(let location, let callee, let next):
        notes.append(Diagnostic.Note(location: location, message: "'\(callee)' requires \(name), called here"))
        current = next
      case .upstreamCall(let location, let callee, let module, _):
        notes.append(
          Diagnostic.Note(location: location, message: "'\(callee)' of module '\(module)' requires \(name), called here"))
        current = nil
      case .capture(let location, let next):
        notes.append(Diagnostic.Note(location: location, message: "the bag captured here needs \(name)"))
        current = next
      case .listed(let location):
        notes.append(Diagnostic.Note(location: location, message: "\(name) is listed in the bag captured here"))
        current = nil
      }
    }
    return notes
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
