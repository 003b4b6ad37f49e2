import ImplicitsInterface

/// Members of types, wherever they are declared: the type itself, its
/// extensions here and upstream, the protocol extensions of its
/// conformances, its superclasses.
extension CallResolver {
  /// Methods named `name` of a type, its extensions, its protocol
  /// extensions and its superclasses. `wantStatic` filters by static-ness
  /// when the filter leaves any.
  func methods(of type: SemanticType, named name: String, wantStatic: Bool?, from file: ParsedFile) -> [Candidate] {
    // `some P` (an opaque value or a constrained generic parameter): the
    // members of `P`, its extensions' among them.
    if case .opaque(let text) = type, text.hasPrefix("some ") {
      let constraint = SemanticType.parse(String(text.dropFirst(5)), moduleNames: resolver.moduleNames)
      if case .opaque = constraint { return [] }
      return methods(of: constraint, named: name, wantStatic: wantStatic, from: file)
    }
    var visited = Set<String>()
    var current: SemanticType? = type
    while let type = current, let identity = type.lookupIdentity, visited.insert(identity).inserted {
      var found = members(named: name, of: identity, from: file)
      // A type's own method shadows a protocol extension's of the same
      // signature (labels and parameter types), as Swift decides for a
      // receiver of that type; one of other parameter types is an overload.
      let own = Set(found.map(signature))
      // Through a protocol, the requirements of the protocols it refines
      // are called too (a concrete type calls its own witnesses instead).
      let isProtocol = declarations.type(identity: identity)?.kind == .protocol
        || upstream.typeDeclaration(identity: identity)?.decl.kind == .protocol
      for conformance in conformances(of: identity) {
        guard let protocolIdentity = conformance.lookupIdentity else { continue }
        found += members(named: name, of: protocolIdentity, from: file).filter {
          if own.contains(signature($0)) { return false }
          if case .local(let symbol) = $0 { return isProtocol || !symbol.isProtocolRequirement }
          return true
        }
      }
      // Through a protocol, a requirement is dispatched to its witness (see
      // `ProtocolDispatch`): an extension's default of the same signature
      // is one of the witnesses, not another candidate.
      let requirements = Set(found.compactMap { candidate -> [String]? in
        guard case .local(let symbol) = candidate, symbol.isProtocolRequirement else { return nil }
        return symbol.parameters.map { $0.label ?? "_" }
      })
      if !requirements.isEmpty {
        found.removeAll { candidate in
          guard case .local(let symbol) = candidate, !symbol.isProtocolRequirement else { return false }
          return requirements.contains(symbol.parameters.map { $0.label ?? "_" })
        }
      }
      // Likewise for a protocol of another module: its module's record of a
      // signature is the requirement, and the defaults other modules add in
      // extensions of it are witnesses.
      if isProtocol, let declaring = upstream.typeDeclaration(identity: identity)?.module {
        let upstreamRequirements = Set(found.compactMap { candidate -> [String]? in
          guard case .upstream(let function) = candidate, function.module == declaring,
            function.decl.owner == identity
          else { return nil }
          return signature(candidate)
        })
        found.removeAll { candidate in
          if case .upstream(let function) = candidate, function.module == declaring { return false }
          return upstreamRequirements.contains(signature(candidate))
        }
      }
      if !found.isEmpty {
        if let wantStatic {
          let filtered = found.filter { $0.isStatic == wantStatic || $0.isInitializer }
          if !filtered.isEmpty { return filtered }
        }
        return found
      }
      current = superclass(of: identity)
    }
    return []
  }

  /// Labels, staticness and parameter types, where known (a parameter of
  /// unknown type never makes two signatures equal).
  private func signature(_ candidate: Candidate) -> [String] {
    var parts = candidate.parameters.map { $0.label ?? "_" } + [candidate.isStatic ? "static" : ""]
    for index in candidate.parameters.indices where !candidate.parameters[index].isScope {
      parts.append(parameterType(of: candidate, at: index)?.identity ?? "unknown \(index) of \(candidate.identity)")
    }
    return parts
  }

  /// The members named `name` declared for exactly this type (here and in
  /// upstream interfaces).
  private func members(named name: String, of identity: String, from file: ParsedFile) -> [Candidate] {
    var found: [Candidate] = (declarations.type(identity: identity)?.methods[name] ?? [])
      .filter { $0.isVisible(from: file) }.map { .local($0) }
    found += upstream.functions(owner: identity, baseName: name).map { .upstream($0) }
    return found
  }

  /// The initializers of a type (inherited from its superclass when it
  /// declares none; a class that declares any inherits none).
  func initializers(of type: SemanticType, from file: ParsedFile, inherited: Bool = true) -> [Candidate] {
    var visited = Set<String>()
    var current: SemanticType? = type.unwrapped
    while let type = current, let identity = type.lookupIdentity, visited.insert(identity).inserted {
      let found = members(named: "init", of: identity, from: file)
      if !found.isEmpty { return found }
      if let local = declarations.type(identity: identity), local.isDeclaredHere, !(local.methods["init"] ?? []).isEmpty {
        return []
      }
      guard inherited else { return [] }
      current = superclass(of: identity)
    }
    return []
  }

  func superclass(of identity: String) -> SemanticType? {
    if let local = declarations.type(identity: identity), let superclass = local.superclass { return superclass }
    for record in upstream.typeRecords(identity: identity) {
      if let superclass = record.decl.superclass { return SemanticType.parse(superclass, moduleNames: resolver.moduleNames) }
    }
    return nil
  }

  func conformances(of identity: String) -> [SemanticType] {
    var found = declarations.type(identity: identity)?.conformances ?? []
    for record in upstream.typeRecords(identity: identity) {
      found += record.decl.conformances.map { SemanticType.parse($0, moduleNames: resolver.moduleNames) }
    }
    return found
  }

  /// The declared or inferred type of a property (or enum case) of a type,
  /// its extensions and superclasses.
  func property(of type: SemanticType, named name: String, from file: ParsedFile) -> SemanticType? {
    var visited = Set<String>()
    var current: SemanticType? = type.unwrapped
    while let type = current, let identity = type.lookupIdentity, visited.insert(identity).inserted {
      if let local = declarations.type(identity: identity)?.properties[name], local.isVisible(from: file) {
        return propertyType(local)
      }
      for record in upstream.typeRecords(identity: identity) {
        if let property = record.decl.properties.first(where: { $0.name == name }) {
          return SemanticType.parse(property.type, moduleNames: resolver.moduleNames)
        }
      }
      if let builtIn = Self.standardMember(name, of: type) { return builtIn }
      current = superclass(of: identity)
    }
    return nil
  }

  /// A few members of the standard library's collections that `for` loops
  /// and chains go through.
  private static func standardMember(_ name: String, of type: SemanticType) -> SemanticType? {
    guard case .nominal(let nominal) = type else { return nil }
    switch (nominal.path, name) {
    case ("Dictionary", "values"), ("OrderedDictionary", "values"):
      return .named(nominal.path + ".Values", nominal.arguments)
    case ("Dictionary", "keys"), ("OrderedDictionary", "keys"):
      return .named(nominal.path + ".Keys", nominal.arguments)
    case (_, "first"), (_, "last"):
      return type.element.map(SemanticType.optional)
    case ("Array", "indices"), ("ContiguousArray", "indices"):
      return .named("Range", [.int])
    case (_, "count"), (_, "startIndex"), (_, "endIndex"):
      return type.element == nil ? nil : .int
    case (_, "isEmpty"):
      return type.element == nil ? nil : .bool
    default:
      return nil
    }
  }

  /// A property's type: declared, or inferred from its initial value.
  func propertyType(_ property: PropertySymbol) -> SemanticType? {
    if let declared = property.declaredType { return declared }
    let key = ObjectIdentifier(property)
    if let known = propertyTypes[key] { return known }
    guard let initializer = property.initializer else {
      propertyTypes[key] = .some(nil)
      return nil
    }
    propertyTypes[key] = .some(nil)  // guards against a property inferred from itself
    let context = Context(
      file: property.file, owner: property.owner, isStatic: property.isStatic, environment: LexicalEnvironment())
    let type = self.type(of: initializer, context: context)
    propertyTypes[key] = .some(type)
    return type
  }
}
