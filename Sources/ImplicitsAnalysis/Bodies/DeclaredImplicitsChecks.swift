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
    func check(_ body: Unit, declared: [ImplicitKeyRef], at location: SourceLocation, message: (ExtraKeys) -> String) {
      let extra = body.requirements.keys.filter { !declared.contains($0) }.sorted { namer.name($0) < namer.name($1) }
      guard !extra.isEmpty else { return }
      let said = ExtraKeys(
        names: extra.map { "'\(namer.name($0))'" }.joined(separator: ", "),
        fix: extra.map { Self.declarationSpelling($0, namer: namer) }.joined(separator: ", "),
        pronoun: extra.count == 1 ? "it" : "them")
      found.append(
        .error(.declaredImplicits, message(said), at: location,
          notes: extra.flatMap { ChainNotes.notes(for: $0, witness: body.requirements[$0]!, namer: namer) }))
    }

    for (body, function) in declaredBodies {
      guard let declared = function.declaredImplicits, declared.isComplete else { continue }
      check(body, declared: declared.keys, at: function.location) { extra in
        "'\(function.displayName)' requires \(extra.names), which its '@RequiresImplicits' does not declare: callers provide "
          + "only what it declares; add \(extra.fix) to it, or provide \(extra.pronoun) in its body"
      }
    }
    for function in symbols.allFunctions where function.isScopeTaking {
      guard let declared = function.declaredImplicits, declared.isComplete, let owner = function.owner else { continue }
      if function.isProtocolRequirement {
        for conformer in conformers(of: owner) {
          guard let witness = witness(of: function, in: conformer) else {
            guard let location = conformer.location else { continue }
            found.append(missingWitness(conformer: conformer, proto: owner, requirement: function, at: location))
            continue
          }
          guard let unit = unit(for: witness) else { continue }
          check(unit, declared: declared.keys, at: witness.location) { extra in
            "'\(witness.displayName)' implements '\(function.displayName)' and requires \(extra.names), which the "
              + "requirement's '@RequiresImplicits' does not declare: calls through '\(owner.displayName)' provide only "
              + "what it declares; add \(extra.fix) to it, or provide \(extra.pronoun) in '\(witness.displayName)'"
          }
        }
      } else if function.isDispatched {
        for override in overrides(of: function) {
          guard let unit = unit(for: override) else { continue }
          check(unit, declared: declared.keys, at: override.location) { extra in
            "'\(override.displayName)' overrides '\(function.displayName)' and requires \(extra.names), which its "
              + "'@RequiresImplicits' does not declare: calls of '\(function.displayName)' provide only what it "
              + "declares; add \(extra.fix) to it, or provide \(extra.pronoun) in the override"
          }
        }
      }
    }
    checkUpstreamContracts(check: check)
    return found
  }

  /// This module's implementations of upstream requirements and overrides
  /// of upstream members that declare their implicits.
  private func checkUpstreamContracts(check: (Unit, [ImplicitKeyRef], SourceLocation, (ExtraKeys) -> String) -> Void) {
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
          check(unit, declared, method.location) { extra in
            "'\(method.displayName)' \(kind == .protocol ? "implements" : "overrides") '\(contract.decl.qualifiedSignature)' "
              + "of module '\(contract.module)' and requires \(extra.names), which its '@RequiresImplicits' does not "
              + "declare: calls through it provide only what it declares; provide \(extra.pronoun) in "
              + "'\(method.displayName)', or have \(extra.fix) added to the declaration in '\(contract.module)'"
          }
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

  func missingWitness(conformer: TypeSymbol, proto: TypeSymbol, requirement: FunctionSymbol, at location: SourceLocation)
    -> Diagnostic
  {
    .error(.overridableScopeFunction,
      "'\(conformer.displayName)' conforms to '\(proto.displayName)' but the analyzer cannot find its "
        + "implementation of '\(requirement.signature)' in this module; implement it in '\(conformer.displayName)' "
        + "or in an extension of '\(proto.displayName)'",
      at: location)
  }

  /// How `@RequiresImplicits` lists a key: `.type(Logger.self)`, `.named(\.apiBaseURL)`.
  static func declarationSpelling(_ key: ImplicitKeyRef, namer: KeyNamer) -> String {
    key.kind == .named ? "'.named(\\.\(key.name))'" : "'.type(\(namer.name(key)).self)'"
  }
}

/// The keys a body requires beyond a declaration, as messages say them:
/// `'Network', '\.apiBaseURL'`; `'.type(Network.self)', '.named(\.apiBaseURL)'`.
struct ExtraKeys {
  let names: String
  let fix: String
  /// `it` or `them`.
  let pronoun: String
}
