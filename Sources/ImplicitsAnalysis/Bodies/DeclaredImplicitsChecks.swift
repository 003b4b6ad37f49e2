import ImplicitsInterface

/// `@RequiresImplicits` is a promise to callers: they provide the declared
/// keys, and no body a call may run requires more. Each such body is a
/// contract checked once requirements are solved: the function's own body,
/// every conforming type's implementation of a protocol requirement, every
/// override of a class member, in this module, and the implementations
/// this module gives of upstream requirements and open members that
/// declare theirs (their interfaces say so).
struct DeclaredContract {
  /// The body whose requirements are checked.
  let body: Unit
  let declared: [ImplicitKeyRef]
  /// The error, given the keys the body requires beyond the declaration.
  let diagnostic: (ExtraKeys) -> Diagnostic

  /// The error when the body, which requires `requirements` once they
  /// are solved, requires more than is declared.
  func violation(_ requirements: [ImplicitKeyRef: Witness], namer: KeyNamer) -> Diagnostic? {
    let extra = requirements.keys.filter { !declared.contains($0) }.sorted { namer.name($0) < namer.name($1) }
    guard !extra.isEmpty else { return nil }
    return diagnostic(ExtraKeys(extra, witnesses: requirements, namer: namer))
  }
}

extension BodiesStage {
  /// Every contract of the module, once its bodies are built; a conformer
  /// without an implementation of a requirement with declared implicits is
  /// reported.
  func declaredContracts() -> [DeclaredContract] {
    var contracts: [DeclaredContract] = []
    for (body, function) in files.flatMap(\.declaredBodies) {
      guard let declared = function.declaredImplicits, declared.isComplete else { continue }
      contracts.append(DeclaredContract(body: body, declared: declared.keys) { .bodyExceedsDeclaration(of: function, $0) })
    }
    for function in declarations.functions where function.isScopeTaking {
      guard let declared = function.declaredImplicits, declared.isComplete, let owner = function.owner else { continue }
      if function.isProtocolRequirement {
        // Defaults in extensions of the protocol (and of protocols that
        // refine it) implement it for conformers here and downstream.
        for (defaultImplementation, _) in defaults(of: function, in: owner) {
          guard let unit = unit(for: defaultImplementation) else { continue }
          contracts.append(
            DeclaredContract(body: unit, declared: declared.keys) {
              .witnessExceedsDeclaration(defaultImplementation, implementing: function, of: owner, $0)
            })
        }
        for conformer in conformers(of: owner) {
          let witnesses = witnesses(of: function, in: conformer)
          if witnesses.isEmpty, let location = conformer.location {
            report(.missingWitness(of: function, in: conformer, to: owner, at: location))
          }
          for witness in witnesses where witness.owner?.kind != .protocol {
            guard let unit = unit(for: witness) else { continue }
            contracts.append(
              DeclaredContract(body: unit, declared: declared.keys) {
                .witnessExceedsDeclaration(witness, implementing: function, of: owner, $0)
              })
          }
        }
      } else if function.isDispatched {
        for override in overrides(of: function) {
          guard let unit = unit(for: override) else { continue }
          contracts.append(
            DeclaredContract(body: unit, declared: declared.keys) { .overrideExceedsDeclaration(override, overriding: function, $0) })
        }
      }
    }
    return contracts + upstreamContracts()
  }

  /// This module's implementations of upstream requirements and overrides
  /// of upstream members that declare their implicits.
  private func upstreamContracts() -> [DeclaredContract] {
    var contracts: [DeclaredContract] = []
    let upstream = resolver.upstream
    // The module's types with upstream ancestors, found once per collection
    // of its declarations (an editor's next analysis may take them from the
    // last one's bodies), and the types its bodies declare.
    func withAncestors(_ table: DeclarationTable) -> [(TypeSymbol, [String])] {
      table.typesByIdentity.values.compactMap { type in upstreamAncestors(of: type).map { (type, $0) } }
    }
    let ancestry = upstreamAncestry ?? UpstreamAncestry(moduleTypes: withAncestors(symbols.declarations))
    upstreamAncestry = ancestry
    let moduleTypes = ancestry.moduleTypes
    let localTypes = withAncestors(localDeclarations)
    var seen = Set<String>()
    for (type, ancestors) in (moduleTypes + localTypes).sorted(by: { $0.0.identity < $1.0.identity }) {
      for method in implementations(in: type) {
        guard let unit = unit(for: method) else { continue }
        for contract in upstreamContracts(implementedBy: method, ancestors: ancestors) {
          // A method inherited by several conformers is checked once.
          guard seen.insert(InterfaceBuilder.recordKey(of: method) + "@\(method.location)|" + contract.decl.overloadKey).inserted
          else { continue }
          let declared = contract.requirements.map { upstream.keys[$0] }
          let kind = contract.decl.owner.flatMap { upstream.typeDeclaration(identity: $0)?.decl.kind }
          contracts.append(
            DeclaredContract(body: unit, declared: declared) {
              .upstreamContractExceeded(by: method, of: contract, isProtocolRequirement: kind == .protocol, $0)
            })
        }
      }
    }
    return contracts
  }

  /// The scope-taking methods that implement requirements for `type`: its
  /// own; for a class, those it inherits from the module's superclasses;
  /// for a protocol (declared here, or one of another module extended
  /// here), its extensions' defaults.
  private func implementations(in type: TypeSymbol) -> [FunctionSymbol] {
    var found: [FunctionSymbol] = []
    var visited = Set<String>()
    var current: TypeSymbol? = type
    while let next = current, visited.insert(next.identity).inserted {
      found += next.methods.values.joined().filter { $0.isScopeTaking && !$0.isProtocolRequirement }
      current = next.superclass?.lookupIdentity.flatMap { declarations.type(identity: $0) }
    }
    return found.sorted { $0.location < $1.location }
  }

  /// The upstream protocols and classes `type` conforms to or inherits
  /// from (a protocol: itself when it is another module's), sorted; nil
  /// for a type without any.
  private func upstreamAncestors(of type: TypeSymbol) -> [String]? {
    let ancestors = callResolver.conformanceClosure(of: type.semanticType)
      .filter { identity in
        declarations.type(identity: identity)?.isDeclaredHere != true && resolver.upstream.typeDeclaration(identity: identity) != nil
      }.sorted()
    return ancestors.isEmpty ? nil : ancestors
  }

  /// The protocol-extension methods of this module that implement
  /// `requirement` of `proto`: in extensions of it or of protocols that
  /// refine it, with its base name, labels and staticness.
  func defaults(of requirement: FunctionSymbol, in proto: TypeSymbol) -> [(FunctionSymbol, TypeSymbol)] {
    let labels = requirement.parameters.map(\.label)
    var found: [(FunctionSymbol, TypeSymbol)] = []
    for type in declarations.types where type.kind == .protocol {
      guard callResolver.conformanceClosure(of: type.semanticType).contains(proto.identity) else { continue }
      for method in type.methods[requirement.baseName] ?? []
      where !method.isProtocolRequirement && method.parameters.map(\.label) == labels && method.isStatic == requirement.isStatic {
        found.append((method, type))
      }
    }
    return found.sorted { $0.0.location < $1.0.location }
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

/// The module's types that conform to or inherit from upstream types, with
/// those ancestors: found by the bodies stage of the first analysis of a
/// collection of declarations, which returns them (`ModuleBodies`) for the
/// next analyses of an editor's session that reuse those declarations
/// (`KeptBodies`).
struct UpstreamAncestry {
  let moduleTypes: [(TypeSymbol, [String])]
}
