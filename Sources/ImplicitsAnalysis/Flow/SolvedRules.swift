import ImplicitsInterface

/// The rules checked once requirements are solved: keys that reach a root
/// scope unprovided, bags nothing reopens, keys the support file cannot
/// name, bodies that require more than their `@RequiresImplicits`, and
/// nested functions that run in their caller's scope called where none is
/// open.
struct SolvedRules {
  let namer: KeyNamer
  let spelling: SupportSpelling

  func diagnostics(of bodies: ModuleBodies, _ solved: SolvedRequirements) -> [Diagnostic] {
    var diagnostics = bodies.contracts.compactMap { $0.violation(solved.requirements(of: $0.body), namer: namer) }
    diagnostics += bodies.scopelessNestedCalls.compactMap { unit, location in
      let requirements = solved.requirements(of: unit)
      guard !requirements.isEmpty else { return nil }
      let keys = sortedByName(requirements.keys)
      return .scopelessNestedCall(
        of: unit.displayName, requires: keys.map(namer.name), notes: notes(keys, witnesses: requirements), at: location)
    }
    for (scope, keys) in solved.unresolvedScopes {
      let sorted = sortedByName(keys.keys)
      diagnostics.append(.unresolvedRequirement(sorted.map(namer.name), notes: notes(sorted, witnesses: keys), at: scope.location))
    }
    for bag in bodies.bags where !bodies.reopenedBags.contains(ObjectIdentifier(bag)) && !bag.isExplicit {
      diagnostics.append(.unusedBag(bag.name, at: bag.location))
    }
    for bag in bodies.bags where bag.functionName != nil {
      diagnostics += unnameableKeys(solved.keys(of: bag).keys, at: bag.location, heldBy: .bag)
    }
    for wrapper in bodies.closureWrappers {
      diagnostics += unnameableKeys(
        solved.requirements(of: wrapper.unit).keys, at: wrapper.location, heldBy: .closureWrapper(wrapper.name))
    }
    return diagnostics
  }

  private func sortedByName(_ keys: some Sequence<ImplicitKeyRef>) -> [ImplicitKeyRef] {
    keys.sorted { namer.name($0) < namer.name($1) }
  }

  /// The chain of each key, in order.
  private func notes(_ keys: [ImplicitKeyRef], witnesses: [ImplicitKeyRef: Witness]) -> [Diagnostic.Note] {
    keys.flatMap { ChainNotes.notes(for: $0, witness: witnesses[$0]!, namer: namer) }
  }

  /// The support file names every key of a bag and a closure wrapper; a
  /// file-private or local type, a file-private named key, or a type
  /// shadowed both unqualified and qualified, cannot be named from there.
  private func unnameableKeys(
    _ keys: some Sequence<ImplicitKeyRef>, at location: SourceLocation, heldBy holder: Diagnostic.UnnameableKeyHolder
  ) -> [Diagnostic] {
    sortedByName(keys).compactMap { key in
      guard spelling.spell(key) == nil else { return nil }
      let reason: Diagnostic.UnnameableKeyReason
      if IdentityDiscriminator.all(in: key.spelling).contains(where: \.isLocal) {
        reason = .local
      } else if !key.isNameable {
        reason = .filePrivate
      } else {
        reason = .shadowed
      }
      return .unnameableKey(namer.name(key), heldBy: holder, because: reason, at: location)
    }
  }
}
