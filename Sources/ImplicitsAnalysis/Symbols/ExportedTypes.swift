/// The types the module's interface records that take resolving: the
/// declared or inferred types of the properties downstream modules see,
/// and the targets of the typealiases they see. Resolved by the stage that
/// owns the declarations, once every member is known, so that the outputs
/// need no resolver.
struct ExportedTypes {
  /// By property (nil: the analyzer cannot tell it).
  let propertyTypes: [ObjectIdentifier: SemanticType?]
  /// By typealias.
  let aliasTargets: [ObjectIdentifier: SemanticType]

  init(symbols: ModuleSymbols, typing: CallResolver) {
    var propertyTypes: [ObjectIdentifier: SemanticType?] = [:]
    for type in symbols.declarations.typesByIdentity.values where type.privateFile == nil && type.access.visibility != nil {
      for property in type.properties.values where property.access.visibility != nil {
        propertyTypes[ObjectIdentifier(property)] = .some(typing.propertyType(property))
      }
    }
    var aliasTargets: [ObjectIdentifier: SemanticType] = [:]
    for alias in Self.aliases(of: symbols) {
      guard alias.genericParameters.isEmpty, InterfaceBuilder.visibility(alias.access, owner: alias.owner) != nil else { continue }
      aliasTargets[ObjectIdentifier(alias)] = typing.resolver.resolveAlias(alias)
    }
    self.propertyTypes = propertyTypes
    self.aliasTargets = aliasTargets
  }

  /// The typealiases that may travel: the top-level ones and those of types
  /// other files can name.
  static func aliases(of symbols: ModuleSymbols) -> [TypealiasSymbol] {
    var aliases: [TypealiasSymbol] = symbols.typealiases.values.flatMap { $0 }
    for type in symbols.declarations.typesByIdentity.values where type.privateFile == nil {
      aliases += type.typealiases.values.flatMap { $0 }
    }
    return aliases
  }
}
