import ImplicitsInterface

/// Calls through a scope-taking requirement of a protocol that is not
/// public are dispatched at run time to one of its implementations, all of
/// which are in this module: the requirement requires what every witness
/// (a conforming type's method, inherited or a protocol extension's
/// default) requires. Its unit calls each of them in turn, so the solver
/// gives it their union, and the module's interface carries that union.
///
/// Both passes here take the unit graph the walks made and return one:
/// the requirements' units given their calls, the calls of overridable
/// methods given the overrides declared after them.
extension BodiesStage {
  func connectingProtocolRequirements(in graph: UnitGraph) -> UnitGraph {
    var connected: [Unit: [Event]] = [:]
    for requirement in declarations.functions where requirement.isProtocolRequirement && requirement.isScopeTaking
      && requirement.declaredImplicits == nil
    {
      guard let proto = requirement.owner, proto.access < .package, let unit = unit(for: requirement) else { continue }
      var events: [Event] = []
      for conformer in conformers(of: proto) {
        let witnesses = witnesses(of: requirement, in: conformer)
        if witnesses.isEmpty, let location = conformer.location {
          report(.missingWitness(of: requirement, in: conformer, to: proto, at: location))
        }
        for witness in witnesses {
          guard let witnessUnit = self.unit(for: witness), witnessUnit != unit,
            !events.contains(where: { if case .call(let call) = $0, case .unit(let other) = call.target { other == witnessUnit } else { false } })
          else { continue }
          markCalled(witnessUnit, from: unit)
          events.append(
            .call(CallEvent(target: .unit(witnessUnit), location: requirement.location, calleeName: witness.displayName)))
        }
      }
      connected[unit] = events
    }
    return graph.extended(by: checks, replacing: connected)
  }

  /// The module's types that conform to `proto` (not protocols), sorted.
  func conformers(of proto: TypeSymbol) -> [TypeSymbol] {
    declarations.types
      .filter { $0.kind != .protocol && $0.identity != proto.identity }
      .filter { callResolver.conformanceClosure(of: $0.semanticType).contains(proto.identity) }
      .sorted { $0.identity < $1.identity }
  }

  /// The method that implements `requirement` for `type`: its own, a
  /// superclass's, or a protocol extension's default, with the
  /// requirement's labels and parameter types. Where several have its
  /// labels and the types do not tell which (associated types, generic
  /// parameters), all of them: a call may run any.
  func witnesses(of requirement: FunctionSymbol, in type: TypeSymbol) -> [FunctionSymbol] {
    let labels = requirement.parameters.map(\.label)
    let candidates = callResolver.methods(
      of: type.semanticType, named: requirement.baseName, wantStatic: requirement.isStatic, from: requirement.file)
    let matching = candidates.compactMap { candidate -> FunctionSymbol? in
      guard case .local(let symbol) = candidate, !symbol.isProtocolRequirement, symbol.isScopeTaking == requirement.isScopeTaking,
        symbol.parameters.map(\.label) == labels, symbol.isStatic == requirement.isStatic
      else { return nil }
      return symbol
    }
    guard matching.count > 1 else { return matching }
    func types(_ symbol: FunctionSymbol) -> [SemanticType?] {
      symbol.parameters.indices.map { callResolver.parameterType(of: .local(symbol), at: $0) }
    }
    let wanted = types(requirement)
    let exact = matching.filter { types($0) == wanted }
    return exact.count == 1 ? exact : matching
  }

  /// Once every body is built: a class declared in a body after a call of
  /// a method it overrides (later in the file, or in a later file) was not
  /// known to the call, which calls its override too, right after the
  /// others. The dispatches are taken last first, so that the places of
  /// those before stay true.
  func addingOverridesDeclaredLater(to graph: UnitGraph) -> UnitGraph {
    overrideCache.removeAll()
    guard localDeclarations.typesByIdentity.values.contains(where: { $0.kind == .class }) else { return graph }
    var changed: [Unit: [Event]] = [:]
    for dispatch in dispatches.reversed() {
      let calls = overrides(of: dispatch.method).filter { !dispatch.overrides.contains(ObjectIdentifier($0)) }
        .compactMap { override -> Event? in
          guard let unit = unit(for: override) else { return nil }
          markCalled(unit, from: dispatch.caller)
          return .call(CallEvent(target: .unit(unit), location: dispatch.location, calleeName: override.displayName))
        }
      guard !calls.isEmpty else { continue }
      changed[dispatch.caller] = Self.inserting(
        calls, into: changed[dispatch.caller] ?? graph.events(of: dispatch.caller), under: dispatch.scopePath[...],
        at: dispatch.index)
    }
    return graph.extended(by: checks, replacing: changed)
  }

  /// `events` with `calls` inserted at `index` of the local scope that
  /// `path` leads to (each step the place of a scope among the events of
  /// the one before): the scopes on the way are made again around them.
  private static func inserting(_ calls: [Event], into events: [Event], under path: ArraySlice<Int>, at index: Int) -> [Event] {
    var events = events
    guard let step = path.first else {
      events.insert(contentsOf: calls, at: index)
      return events
    }
    guard case .scope(let scope) = events[step] else { preconditionFailure("a dispatch's path leads through local scopes") }
    events[step] = .scope(scope.with(events: inserting(calls, into: scope.events, under: path.dropFirst(), at: index)))
    return events
  }

  /// The overrides of a method of a class that is not open, in its
  /// subclasses in this module (all there can be), in declaration order.
  func overrides(of method: FunctionSymbol) -> [FunctionSymbol] {
    // Subscripts and class members are followed where their implicits
    // are declared (`DeclaredImplicitsChecks`).
    let declared = method.declaredImplicits != nil
    guard method.kind == .function || declared, method.isScopeTaking, !method.isStatic || declared else { return [] }
    let key = ObjectIdentifier(method)
    if let cached = overrideCache[key] { return cached }
    let found = overridesInModule(of: method)
    overrideCache[key] = found
    return found
  }

  /// The overrides of a method of a class in its subclasses in this
  /// module, in declaration order.
  func overridesInModule(of method: FunctionSymbol) -> [FunctionSymbol] {
    guard let owner = method.owner, owner.kind == .class, !owner.isFinal else { return [] }
    let labels = method.parameters.map(\.label)
    var found: [FunctionSymbol] = []
    for type in declarations.types where type.kind == .class && type.identity != owner.identity {
      guard isSubclass(type, of: owner) else { continue }
      for candidate in type.methods[method.baseName] ?? []
      where candidate.parameters.map(\.label) == labels && candidate.isStatic == method.isStatic && candidate.isOverride {
        found.append(candidate)
      }
    }
    found.sort { ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column) }
    return found
  }

  private func isSubclass(_ type: TypeSymbol, of ancestor: TypeSymbol) -> Bool {
    var visited = Set<String>()
    var current = type.superclass
    while let superclass = current, let identity = superclass.lookupIdentity, visited.insert(identity).inserted {
      if identity == ancestor.identity { return true }
      current = callResolver.superclass(of: identity)
    }
    return false
  }
}

extension FileBodyWalker {
  /// A call of an overridable method made here reaches `overrides`, those
  /// known when the call was walked: the place of the calls, for the late
  /// overrides' pass.
  func recordDispatch(of method: FunctionSymbol, at location: SourceLocation, reaching overrides: [FunctionSymbol]) {
    stage.dispatches.append(
      BodiesStage.Dispatch(
        method: method, caller: state.unit, scopePath: state.scopeStack.map(\.position), index: pendingEvents.count,
        location: location, overrides: Set(overrides.map(ObjectIdentifier.init))))
  }

  /// The overrides of `method` in the module (`BodiesStage.overrides(of:)`).
  func overrides(of method: FunctionSymbol) -> [FunctionSymbol] { stage.overrides(of: method) }
}
