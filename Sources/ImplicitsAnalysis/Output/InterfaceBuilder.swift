import ImplicitsInterface
import SwiftSyntax

/// Collects what the module exports into its interface content: every
/// non-private type, typealias and named key, scope-taking functions with
/// their requirements, and the other functions downstream resolution
/// needs (those with a declared result type, failable initializers).
struct InterfaceBuilder {
  let symbols: ModuleSymbols
  let exportedTypes: ExportedTypes
  let units: FunctionUnits
  let solved: SolvedRequirements
  let inPlace: InPlaceFacts
  /// Resolves the parameters' declared types.
  let resolver: TypeResolver
  /// The units of each overridable method's overrides (`ModuleBodies.overrides`).
  let overrides: [ObjectIdentifier: [Unit]]

  /// The content in no particular order: `InterfaceWriter.encoded`
  /// normalizes it once, and its result carries the normalized content.
  func build() -> InterfaceContent {
    var content = InterfaceContent(moduleName: symbols.moduleName)
    content.reexports = symbols.imports.filter(\.isExported).map(\.module)
    content.namedKeys = symbols.namedKeys.values.flatMap { $0 }.compactMap { key in
      key.access.visibility.map {
        NamedKeyDecl(name: key.name, valueType: key.valueType.identity, visibility: $0, isStored: key.isStored)
      }
    }
    content.typealiases = ExportedTypes.aliases(of: symbols).compactMap { alias in
      guard alias.genericParameters.isEmpty, let visibility = Self.visibility(alias.access, owner: alias.owner),
        let target = exportedTypes.aliasTargets[ObjectIdentifier(alias)]
      else { return nil }
      return TypealiasDecl(qualifiedName: alias.qualifiedName, target: target.identity, visibility: visibility)
    }
    content.types = symbols.declarations.typesByIdentity.values.compactMap(typeDecl)
    content.functions = functions()
    return content
  }

  /// A declaration's visibility downstream, given its own access and its
  /// owner's.
  static func visibility(_ access: Access, owner: TypeSymbol?) -> Visibility? {
    guard var visibility = access.visibility else { return nil }
    if let owner {
      guard owner.privateFile == nil, let ownerVisibility = owner.access.visibility else { return nil }
      visibility = max(visibility, ownerVisibility)
    }
    return visibility
  }

  private func typeDecl(_ type: TypeSymbol) -> TypeDecl? {
    guard type.privateFile == nil, let visibility = type.access.visibility else { return nil }
    let properties = type.properties.values.compactMap { property -> PropertyDecl? in
      guard let propertyVisibility = property.access.visibility,
        let propertyType = exportedTypes.propertyTypes[ObjectIdentifier(property)] ?? nil, propertyType.genericName == nil,
        !IdentityDiscriminator.mayBeIn(propertyType.identity)
      else { return nil }
      return PropertyDecl(
        name: property.name, type: propertyType.identity, isStatic: property.isStatic,
        visibility: max(propertyVisibility, visibility))
    }
    let conformances = type.conformances.map(\.identity)
    if !type.isDeclaredHere && properties.isEmpty && conformances.isEmpty { return nil }
    return TypeDecl(
      qualifiedName: type.path, kind: type.isDeclaredHere ? type.kind : .extension, visibility: visibility,
      isFinal: type.isFinal, superclass: type.superclass?.identity, conformances: conformances, properties: properties)
  }

  /// A parameter's or result's type as the interface records it: its
  /// identity, where it names no generic parameter other than the
  /// function's own and no declaration other files cannot name.
  private func recordedType(_ type: SemanticType?, of symbol: FunctionSymbol) -> String? {
    guard let type, type.genericNames.isSubset(of: symbol.genericParameters), !IdentityDiscriminator.mayBeIn(type.identity)
    else { return nil }
    return type.identity
  }

  private func functions() -> [FunctionDecl] {
    var byKey: [String: FunctionDecl] = [:]
    // Protocol requirements are recorded where they take a scope: a call
    // through the protocol requires what the requirement does (declared,
    // or the union of its implementations).
    for symbol in symbols.declarations.functions where (!symbol.isProtocolRequirement || symbol.isScopeTaking) && !symbol.isLocal {
      guard let visibility = Self.visibility(symbol.access, owner: symbol.owner) else { continue }
      let returnType = recordedType(symbol.returnType, of: symbol)
      // Closure parameters tell downstream callers which closures run
      // during the call.
      guard symbol.isScopeTaking || returnType != nil || symbol.isFailable || symbol.parameters.contains(where: \.isClosure)
      else { continue }
      // Declared implicits are the function's contract, whether or not
      // anything in the module calls it.
      // A call of an overridable method may run any override.
      let bodies = (units[symbol].map { [$0] } ?? []) + (overrides[ObjectIdentifier(symbol)] ?? [])
      let requirements = symbol.declaredImplicits.map { Array(Set($0.keys)) }
        ?? Array(Set(bodies.flatMap { solved.requirements(of: $0).keys }))
      let parameters = recordedParameters(of: symbol)
      let decl = FunctionDecl(
        owner: symbol.owner?.path, baseName: symbol.baseName, kind: symbol.kind, isStatic: symbol.isStatic,
        parameters: parameters, visibility: visibility, requirements: requirements,
        file: symbol.file.relativePath, returnType: returnType, isFailable: symbol.isFailable,
        declaresImplicits: symbol.declaredImplicits != nil, genericParameters: symbol.genericParameters)
      // Overloads that differ in their parameters' types are records of
      // their own.
      let key = decl.overloadKey
      if var existing = byKey[key] {
        // One signature in several undecided #if branches: one record.
        existing.requirements = Array(Set(existing.requirements + decl.requirements))
        existing.parameters = zip(existing.parameters, decl.parameters).map { old, new in
          var merged = old
          merged.isEscaping = old.isEscaping || new.isEscaping
          merged.runsInPlace = old.runsInPlace && new.runsInPlace
          return merged
        }
        existing.visibility = min(existing.visibility, decl.visibility)
        if existing.returnType != decl.returnType { existing.returnType = nil }
        existing.isFailable = existing.isFailable || decl.isFailable
        existing.declaresImplicits = existing.declaresImplicits && decl.declaresImplicits
        byKey[key] = existing
      } else {
        byKey[key] = decl
      }
    }
    return Array(byKey.values)
  }

  /// `symbol`'s parameters as its record holds them: closures that run in
  /// place marked, every other parameter's type resolved.
  private func recordedParameters(of symbol: FunctionSymbol) -> [FunctionDecl.Parameter] {
    symbol.parameters.enumerated().map { index, parameter in
      var parameter = parameter
      parameter.runsInPlace = parameter.isClosure && !parameter.isEscaping && !parameter.isAutoclosure
        && inPlace.runsInPlace(ClosureParameter(function: symbol, index: index))
      if !parameter.isScope {
        let written = symbol.parameterTypes[index].type
        let type = resolver.resolve(written, in: TypeContext(file: symbol.file, owner: symbol.owner, node: written))
        parameter.type = recordedType(type, of: symbol)
      }
      return parameter
    }
  }

  /// The key of the record `symbol` has in the interface, up to its
  /// parameters' types (`FunctionDecl.sortKey`).
  static func recordKey(of symbol: FunctionSymbol) -> String { bareRecord(of: symbol).sortKey }

  /// `symbol`'s record with what names it only (owner, name, kind,
  /// parameters): its keys and signature, not what it requires.
  private static func bareRecord(of symbol: FunctionSymbol, parameters: [FunctionDecl.Parameter]? = nil) -> FunctionDecl {
    FunctionDecl(
      owner: symbol.owner?.path, baseName: symbol.baseName, kind: symbol.kind, isStatic: symbol.isStatic,
      parameters: parameters ?? symbol.parameters, visibility: .public, requirements: [], file: symbol.file.relativePath,
      returnType: nil, isFailable: false)
  }

  /// The record `symbol` has in the interface, told apart from overloads by
  /// type (`FunctionDecl.overloadKey`).
  func overloadKey(of symbol: FunctionSymbol) -> String {
    Self.bareRecord(of: symbol, parameters: recordedParameters(of: symbol)).overloadKey
  }

  /// For every function of the interface and every key it requires, one
  /// call chain down to the read (`implicits why`).
  func chains(namer: KeyNamer) -> [RequirementChain] {
    struct Route: Hashable {
      var function: String
      var steps: [ChainStep]
      var continuesIn: RequirementChain.Link?
    }
    var keysByRoute: [Route: [RequirementChain.Key]] = [:]
    // Keys already given a chain, by function: a signature in several
    // undecided `#if` branches gets the first branch's chains.
    var seen: [String: Set<ImplicitKeyRef>] = [:]
    for symbol in symbols.declarations.functions where !symbol.isLocal {
      guard Self.visibility(symbol.access, owner: symbol.owner) != nil, let unit = units[symbol] else { continue }
      let function = Self.bareRecord(of: symbol).qualifiedSignature
      var chained = seen.removeValue(forKey: function) ?? []
      for (key, witness) in solved.requirements(of: unit) where chained.insert(key).inserted {
        let route = Route(
          function: function, steps: ChainNotes.steps(of: witness), continuesIn: ChainNotes.continuation(of: witness))
        keysByRoute[route, default: []].append(RequirementChain.Key(key: key, name: namer.name(key)))
      }
      seen[function] = chained
    }
    return keysByRoute.map { route, keys in
      RequirementChain(
        function: route.function, keys: keys.sorted { $0.key < $1.key }, steps: route.steps,
        continuesIn: route.continuesIn)
    }.sorted { ($0.function, $0.keys[0].key) < ($1.function, $1.keys[0].key) }
  }

}
