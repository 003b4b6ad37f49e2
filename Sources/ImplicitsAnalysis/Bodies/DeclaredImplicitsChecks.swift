import ImplicitsInterface

/// `@RequiresImplicits` is a promise to callers: they provide the declared
/// keys, and no body a call may run requires more. Once requirements are
/// solved, each such body is checked: the function's own body, every
/// conforming type's implementation of a protocol requirement, every
/// override of a class member, in this module, and the implementations
/// this module gives of upstream requirements and open members that
/// declare theirs (their interfaces say so).
extension BodyBuilder {
  func declaredImplicitsDiagnostics(namer: KeyNamer) -> [Diagnostic] {
    var found: [Diagnostic] = []
    func check(_ body: Unit, declared: [ImplicitKeyRef], diagnostic: (ExtraKeys) -> Diagnostic) {
      let extra = body.requirements.keys.filter { !declared.contains($0) }.sorted { namer.name($0) < namer.name($1) }
      guard !extra.isEmpty else { return }
      found.append(diagnostic(ExtraKeys(extra, witnesses: body.requirements, namer: namer)))
    }

    for (body, function) in declaredBodies {
      guard let declared = function.declaredImplicits, declared.isComplete else { continue }
      check(body, declared: declared.keys) { .bodyExceedsDeclaration(of: function, $0) }
    }
    for function in symbols.allFunctions where function.isScopeTaking {
      guard let declared = function.declaredImplicits, declared.isComplete, let owner = function.owner else { continue }
      if function.isProtocolRequirement {
        for conformer in conformers(of: owner) {
          guard let witness = witness(of: function, in: conformer) else {
            guard let location = conformer.location else { continue }
            found.append(.missingWitness(of: function, in: conformer, to: owner, at: location))
            continue
          }
          guard let unit = unit(for: witness) else { continue }
          check(unit, declared: declared.keys) { .witnessExceedsDeclaration(witness, implementing: function, of: owner, $0) }
        }
      } else if function.isDispatched {
        for override in overrides(of: function) {
          guard let unit = unit(for: override) else { continue }
          check(unit, declared: declared.keys) { .overrideExceedsDeclaration(override, overriding: function, $0) }
        }
      }
    }
    checkUpstreamContracts(check: check)
    return found
  }

  /// This module's implementations of upstream requirements and overrides
  /// of upstream members that declare their implicits.
  private func checkUpstreamContracts(check: (Unit, [ImplicitKeyRef], (ExtraKeys) -> Diagnostic) -> Void) {
    let upstream = resolver.upstream
    for type in symbols.typesByIdentity.values.sorted(by: { $0.identity < $1.identity }) where type.kind != .protocol {
      let ancestors = callResolver.conformanceClosure(of: type.semanticType)
        .filter { symbols.typesByIdentity[$0] == nil && upstream.typeDeclaration(identity: $0) != nil }.sorted()
      guard !ancestors.isEmpty else { continue }
      for method in type.methods.values.joined() where method.isScopeTaking && !method.isProtocolRequirement {
        guard let unit = unit(for: method) else { continue }
        for contract in upstreamContracts(implementedBy: method, ancestors: ancestors) {
          let declared = contract.requirements.map { upstream.keys[$0] }
          let kind = contract.decl.owner.flatMap { upstream.typeDeclaration(identity: $0)?.decl.kind }
          check(unit, declared) { .upstreamContractExceeded(by: method, of: contract, isProtocolRequirement: kind == .protocol, $0) }
        }
      }
    }
  }

  /// The upstream requirements and open members with declared implicits
  /// that `method` implements: same base name, labels and staticness, in
  /// one of the upstream protocols or superclasses of its type.
  private func upstreamContracts(implementedBy method: FunctionSymbol, ancestors: [String]) -> [UpstreamFunction] {
    let labels = method.parameters.map(\.label)
    return ancestors.flatMap { resolver.upstream.functions(owner: $0, baseName: method.baseName) }.filter {
      $0.decl.declaresImplicits && $0.decl.parameters.map(\.label) == labels && $0.decl.isStatic == method.isStatic
    }
  }
}
