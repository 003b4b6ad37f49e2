import ImplicitsInterface
import SwiftLexicalLookup
import SwiftParser
import SwiftSyntax

/// Finds the declaration a type name denotes, in the order of Swift's
/// unqualified lookup: lexical scopes (local types and typealiases,
/// generic parameters, members of the enclosing types; found with
/// swift-syntax's `SwiftLexicalLookup`), the file's `private`/`fileprivate`
/// types, the module's types, module names, then the types of the imported
/// modules (their interfaces).
struct TypeNameLookup {
  unowned let resolver: TypeResolver

  enum Found {
    /// A type of this module, or of another module extended here.
    case type(TypeSymbol)
    /// A type declared in an upstream module: its identity path.
    case upstream(String)
    case alias(TypealiasSymbol)
    /// An upstream typealias: its target.
    case aliasTarget(SemanticType)
    case generic(String)
    case module(String)
  }

  private var symbols: ModuleSymbols { resolver.symbols }
  private var declarations: Declarations { resolver.declarations }
  private var upstream: UpstreamModules { resolver.upstream }

  // MARK: Unqualified

  func find(_ name: String, token: TokenSyntax?, in context: TypeContext) -> Found? {
    if name == "Self" { return selfType(in: context) }
    if declarations.isLexicalTypeName(name) {
      if let node = token.map(Syntax.init) ?? context.node {
        if let found = lexical(name, token: token, at: node, context: context) { return found }
      } else if let found = enclosing(name, owner: context.owner, context: context) {
        return found
      }
      // Types declared in the enclosing bodies: SwiftLexicalLookup leaves
      // declarations in code blocks to its client.
      if let local = context.localTypes?(name) { return .type(local) }
    }
    return topLevel(name, from: context.file)
  }

  /// `Self`: the enclosing type where it cannot stand for a subtype, a
  /// generic `Self` where it can (protocols, non-final classes).
  private func selfType(in context: TypeContext) -> Found? {
    guard let owner = context.owner else { return nil }
    return owner.hasDynamicSelf ? .generic("Self") : .type(owner)
  }

  /// Lexical scopes, innermost first.
  private func lexical(_ name: String, token: TokenSyntax?, at node: Syntax, context: TypeContext) -> Found? {
    // An identifier from a token of a parsed tree: lookup does not match
    // one made from a token built in memory.
    guard let identifier = token.flatMap(Identifier.init) ?? Self.parsedIdentifier(name) else { return nil }
    for result in node.lookup(identifier) {
      switch result {
      case .fromScope(_, let names):
        for lookupName in names {
          if let found = declaration(Syntax(fromProtocol: lookupName.syntax), named: name) { return found }
        }
      case .lookForMembers(let scope):
        guard let type = declarations.type(declaration: scope.id) else { continue }
        if let found = member(name, of: type, from: context.file, protocolExtensions: context.inExpression) {
          return found
        }
      case .lookForGenericParameters(let extensionDecl):
        if let type = declarations.type(declaration: extensionDecl.id), type.genericParameters.contains(name) {
          return .generic(name)
        }
      case .lookForImplicitClosureParameters:
        continue
      }
    }
    return nil
  }

  private static func parsedIdentifier(_ name: String) -> Identifier? {
    var parser = Parser(name)
    return TypeSyntax.parse(from: &parser).as(IdentifierTypeSyntax.self).flatMap { Identifier($0.name) }
  }

  /// What a declaration found lexically is, if it declares a type.
  private func declaration(_ syntax: Syntax, named name: String) -> Found? {
    if let type = declarations.type(declaration: syntax.id) { return .type(type) }
    if let alias = declarations.alias(declaration: syntax.id) { return .alias(alias) }
    if syntax.is(GenericParameterSyntax.self) || syntax.is(PrimaryAssociatedTypeSyntax.self)
      || syntax.is(AssociatedTypeDeclSyntax.self)
    {
      return .generic(name)
    }
    return nil
  }

  /// Members of the enclosing types, innermost first (when no node of the
  /// tree tells the place).
  private func enclosing(_ name: String, owner: TypeSymbol?, context: TypeContext) -> Found? {
    var current = owner
    while let type = current {
      if let found = member(name, of: type, from: context.file, protocolExtensions: context.inExpression) { return found }
      current = type.parent
    }
    return nil
  }

  /// A member type, member typealias or generic parameter of `type`, of
  /// the protocols it conforms to when `protocolExtensions` (typealiases of
  /// their extensions, `extension ListScreen { typealias Style = ListStyle }`,
  /// which Swift finds for a name in an expression, not in a type
  /// annotation), or of its superclasses, in that order.
  private func member(_ name: String, of type: TypeSymbol, from file: ParsedFile, protocolExtensions: Bool = false) -> Found? {
    var visited = Set<String>()
    var current: TypeSymbol? = type
    while let candidate = current, visited.insert(candidate.identity).inserted {
      if let nested = candidate.nestedType(name, from: file) { return .type(nested) }
      if let alias = candidate.typealiasMember(name, from: file) { return .alias(alias) }
      if candidate.genericParameters.contains(name) { return .generic(name) }
      if let upstreamPath = upstreamMember(name, of: candidate.path) { return .upstream(upstreamPath) }
      if protocolExtensions, let alias = protocolTypealias(name, of: candidate, from: file) { return .alias(alias) }
      current = candidate.superclass?.lookupIdentity.flatMap { declarations.type(identity: $0) }
    }
    return nil
  }

  /// A typealias declared in a protocol (or its extensions) that `type`
  /// conforms to, directly or through protocol inheritance.
  private func protocolTypealias(_ name: String, of type: TypeSymbol, from file: ParsedFile) -> TypealiasSymbol? {
    var visited = Set<String>()
    var pending = type.conformances
    while !pending.isEmpty {
      let conformance = pending.removeFirst()
      guard let identity = conformance.lookupIdentity, visited.insert(identity).inserted,
        let proto = declarations.type(identity: identity), proto.kind == .protocol
      else { continue }
      if let alias = proto.typealiasMember(name, from: file) { return alias }
      pending += proto.conformances
    }
    return nil
  }

  private func upstreamMember(_ name: String, of path: String) -> String? {
    let candidate = path + "." + name
    return upstream.typeDeclaration(identity: candidate) != nil ? candidate : nil
  }

  /// The file's private types, the module's types, modules, imported types.
  private func topLevel(_ name: String, from file: ParsedFile) -> Found? {
    if let type = symbols.fileTypes[file.relativePath]?[name] { return .type(type) }
    if let aliases = symbols.typealiases[name] {
      if let alias = aliases.first(where: { $0.access.isFilePrivate && $0.file.isSameFile(as: file) }) { return .alias(alias) }
    }
    if let type = symbols.moduleTypes[name] { return .type(type) }
    if let alias = symbols.typealiases[name]?.first(where: { !$0.access.isFilePrivate }) { return .alias(alias) }
    if resolver.isModuleName(name) { return .module(name) }
    if let found = upstream.visibleType(named: name) { return .upstream(found) }
    if let alias = upstream.typealiasDecl(named: name) {
      return .aliasTarget(SemanticType.parse(alias.decl.target, moduleNames: resolver.moduleNames))
    }
    return nil
  }

  // MARK: Qualified

  /// `name` as a member of module `module` (`Core.Config`).
  func find(_ name: String, inModule module: String, from file: ParsedFile) -> Found? {
    if module == symbols.moduleName {
      if let type = symbols.fileTypes[file.relativePath]?[name] ?? symbols.moduleTypes[name] { return .type(type) }
      if let alias = symbols.typealiases[name]?.first(where: { !$0.access.isFilePrivate || $0.file.isSameFile(as: file) }) {
        return .alias(alias)
      }
      return nil
    }
    let path = module + "." + name
    if upstream.typeDeclaration(identity: path) != nil { return .upstream(path) }
    if let alias = upstream.typealiasDecl(named: name, module: module) {
      return .aliasTarget(SemanticType.parse(alias.decl.target, moduleNames: resolver.moduleNames))
    }
    return nil
  }

  /// A member type of `base` (`Outer.Inner` once `Outer` is known).
  func member(_ name: String, of base: SemanticType, from file: ParsedFile, inExpression: Bool = false) -> Found? {
    guard let identity = base.lookupIdentity else { return nil }
    if let type = declarations.type(identity: identity) {
      return member(name, of: type, from: file, protocolExtensions: inExpression)
    }
    if case .nominal(let nominal) = base, nominal.discriminator == nil {
      if let path = upstreamMember(name, of: nominal.path) { return .upstream(path) }
    }
    return nil
  }
}
