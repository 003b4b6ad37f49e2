import ImplicitsInterface
import SwiftSyntax

/// Where a type is written: the file, the enclosing type, and a node of the
/// file's tree at that place, from which lexical scopes are looked up.
struct TypeContext {
  var file: ParsedFile
  var owner: TypeSymbol?
  var node: Syntax?
  /// The types declared in the bodies around the place, by name.
  var localTypes: ((String) -> TypeSymbol?)?
  /// The name is written in an expression (`Style()`, `Style.self`), where
  /// Swift's lookup also finds the typealiases of the protocol extensions
  /// of the enclosing types' conformances; in a type annotation it does not.
  var inExpression = false

  init(file: ParsedFile, owner: TypeSymbol?, node: (some SyntaxProtocol)?, localTypes: ((String) -> TypeSymbol?)? = nil) {
    self.file = file
    self.owner = owner
    self.node = node.map { Syntax($0) }
    self.localTypes = localTypes
  }

  init(file: ParsedFile, owner: TypeSymbol?, localTypes: ((String) -> TypeSymbol?)? = nil) {
    self.file = file
    self.owner = owner
    node = nil
    self.localTypes = localTypes
  }
}

/// Turns type syntax into `SemanticType`, resolving every name the way
/// Swift's name lookup does (see `TypeNameLookup`): a key is the
/// declaration a spelling names, not the spelling.
final class TypeResolver {
  let symbols: ModuleSymbols
  /// The declarations names resolve to.
  let declarations: Declarations
  let upstream: UpstreamModules
  /// Names that, first in a dotted type, name a module.
  let moduleNames: ModuleNames
  private(set) lazy var lookup = TypeNameLookup(resolver: self)

  /// A resolver of the module's names, once its imports are known.
  convenience init(symbols: ModuleSymbols, upstream: UpstreamModules) {
    let moduleNames = ModuleNames(
      known: Set(symbols.imports.map(\.module))
        .union([symbols.moduleName, "Swift", "Foundation", "_Concurrency", "Implicits", "Dispatch"]),
      upstream: upstream.files)
    self.init(symbols: symbols, declarations: Declarations(module: symbols.declarations, local: nil), upstream: upstream,
      moduleNames: moduleNames)
  }

  private init(symbols: ModuleSymbols, declarations: Declarations, upstream: UpstreamModules, moduleNames: ModuleNames) {
    self.symbols = symbols
    self.declarations = declarations
    self.upstream = upstream
    self.moduleNames = moduleNames
  }

  /// A resolver that also sees the types `local` holds (those bodies declare).
  func seeing(_ local: DeclarationTable) -> TypeResolver {
    TypeResolver(
      symbols: symbols, declarations: Declarations(module: declarations.module, local: local, aliases: declarations.aliases),
      upstream: upstream, moduleNames: moduleNames)
  }

  /// A resolver that finds the module's declarations by the nodes that
  /// stand for them too (`DeclarationAliases`).
  func seeing(_ aliases: DeclarationAliases) -> TypeResolver {
    TypeResolver(
      symbols: symbols, declarations: Declarations(module: declarations.module, local: declarations.local, aliases: aliases),
      upstream: upstream, moduleNames: moduleNames)
  }

  func isModuleName(_ name: String) -> Bool { moduleNames.contains(name) }

  // MARK: Type syntax

  func resolve(_ type: TypeSyntax, in context: TypeContext, depth: Int = 0) -> SemanticType {
    guard depth < 48 else { return .opaque(Self.normalizedText(type)) }
    let next = depth + 1
    var context = context
    if context.node == nil { context.node = Syntax(type) }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      let arguments = genericArguments(identifier.genericArgumentClause, in: context, depth: next)
      return resolvePath([(identifier.name.text, arguments)], token: identifier.name, in: context, depth: next)
        ?? Self.external([(identifier.name.text, arguments)])
    }
    if let member = type.as(MemberTypeSyntax.self) {
      var components: [(String, [SemanticType])] = []
      var current: TypeSyntax = TypeSyntax(member)
      var headToken: TokenSyntax?
      while true {
        if let m = current.as(MemberTypeSyntax.self) {
          components.insert((m.name.text, genericArguments(m.genericArgumentClause, in: context, depth: next)), at: 0)
          current = m.baseType
        } else if let i = current.as(IdentifierTypeSyntax.self) {
          components.insert((i.name.text, genericArguments(i.genericArgumentClause, in: context, depth: next)), at: 0)
          headToken = i.name
          break
        } else {
          return .opaque(Self.normalizedText(type))
        }
      }
      return resolvePath(components, token: headToken, in: context, depth: next) ?? Self.external(strippingModule(components))
    }
    if let array = type.as(ArrayTypeSyntax.self) {
      return .array(resolve(array.element, in: context, depth: next))
    }
    if let dictionary = type.as(DictionaryTypeSyntax.self) {
      return .named("Dictionary", [resolve(dictionary.key, in: context, depth: next), resolve(dictionary.value, in: context, depth: next)])
    }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return .optional(resolve(optional.wrappedType, in: context, depth: next))
    }
    if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return .optional(resolve(iuo.wrappedType, in: context, depth: next))
    }
    if let tuple = type.as(TupleTypeSyntax.self) {
      let elements = Array(tuple.elements)
      if elements.isEmpty { return .void }
      if elements.count == 1, let only = elements.first, only.firstName == nil, only.ellipsis == nil {
        return resolve(only.type, in: context, depth: next)
      }
      return .tuple(
        elements.map { SemanticType.TupleElement(label: $0.firstName?.text, type: resolve($0.type, in: context, depth: next)) })
    }
    if let function = type.as(FunctionTypeSyntax.self) {
      var effects = ""
      if function.effectSpecifiers?.asyncSpecifier != nil { effects += " async" }
      if let throwsClause = function.effectSpecifiers?.throwsClause {
        effects += throwsClause.type.map { " throws(\(resolve($0, in: context, depth: next).identity))" } ?? " throws"
      }
      return .function(
        parameters: function.parameters.map { resolve($0.type, in: context, depth: next) }, effects: effects,
        result: resolve(function.returnClause.type, in: context, depth: next))
    }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      // `@escaping`, `@Sendable`, `inout`, `sending`, `borrowing`: the same
      // type as far as keys go (a `@Sendable` closure type converts).
      return resolve(attributed.baseType, in: context, depth: next)
    }
    if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
      let constraint = resolve(someOrAny.constraint, in: context, depth: next)
      return someOrAny.someOrAnySpecifier.tokenKind == .keyword(.any) ? constraint : .opaque("some " + constraint.identity)
    }
    if let composition = type.as(CompositionTypeSyntax.self) {
      return .composition(
        composition.elements.map { resolve($0.type, in: context, depth: next) }.sorted { $0.identity < $1.identity })
    }
    if let metatype = type.as(MetatypeTypeSyntax.self) {
      return .metatype(resolve(metatype.baseType, in: context, depth: next), suffix: metatype.metatypeSpecifier.text)
    }
    return .opaque(Self.normalizedText(type))
  }

  private func genericArguments(_ clause: GenericArgumentClauseSyntax?, in context: TypeContext, depth: Int) -> [SemanticType] {
    guard let clause else { return [] }
    return clause.arguments.map { argument in
      switch argument.argument {
      case .type(let type):
        return resolve(type, in: TypeContext(file: context.file, owner: context.owner, localTypes: context.localTypes), depth: depth)
      case .expr(let expression): return .opaque(expression.trimmedText)
      }
    }
  }

  // MARK: Dotted names

  /// The type a dotted name denotes, or nil when its first component names
  /// no type the analyzer knows (an external type, or not a type at all).
  /// `token` is the first component in the tree, for lexical lookup.
  /// - Parameter requireMembers: every component after the first must be
  ///   a member type the analyzer knows (expressions, where `T.make` is a
  ///   static member, not a type); otherwise unknown members of external
  ///   types are kept as written (type syntax).
  func resolvePath(
    _ components: [(name: String, arguments: [SemanticType])], token: TokenSyntax?, in context: TypeContext,
    depth: Int = 0, requireMembers: Bool = false
  ) -> SemanticType? {
    guard let head = components.first else { return nil }
    var remaining = components.dropFirst()
    var found = lookup.find(head.name, token: token, in: context)
    if case .module(let module) = found {
      guard let first = remaining.first else { return nil }
      remaining = remaining.dropFirst()
      found = lookup.find(first.name, inModule: module, from: context.file)
      if found == nil {
        // A type of a module the analyzer does not know: as written, without the module.
        return requireMembers ? nil : Self.external(Array([first] + remaining))
      }
      return finish(
        found!, arguments: first.arguments, remaining: remaining, context: context, depth: depth,
        requireMembers: requireMembers)
    }
    guard let found else { return nil }
    return finish(
      found, arguments: head.arguments, remaining: remaining, context: context, depth: depth, requireMembers: requireMembers)
  }

  private func finish(
    _ found: TypeNameLookup.Found, arguments: [SemanticType], remaining: ArraySlice<(name: String, arguments: [SemanticType])>,
    context: TypeContext, depth: Int, requireMembers: Bool
  ) -> SemanticType? {
    var current = type(of: found, arguments: arguments, context: context, depth: depth)
    for component in remaining {
      guard let member = lookup.member(component.name, of: current, from: context.file, inExpression: context.inExpression) else {
        // A member type the analyzer does not know (of an external type):
        // spelled as written below its base.
        return requireMembers ? nil : Self.appending(component, to: current)
      }
      current = type(of: member, arguments: component.arguments, context: context, depth: depth)
    }
    return current
  }

  /// The type a lookup found.
  func semanticType(of found: TypeNameLookup.Found, in context: TypeContext) -> SemanticType {
    type(of: found, arguments: [], context: context, depth: 0)
  }

  private func type(of found: TypeNameLookup.Found, arguments: [SemanticType], context: TypeContext, depth: Int) -> SemanticType {
    switch found {
    case .type(let symbol):
      return Self.applying(arguments, to: symbol.semanticType)
    case .upstream(let path):
      return .nominal(SemanticType.Nominal(path: path, arguments: arguments, isModuleQualified: true))
    case .alias(let alias):
      guard arguments.isEmpty, alias.genericParameters.isEmpty else {
        return .opaque(alias.qualifiedName + (arguments.isEmpty ? "" : "<" + arguments.map(\.identity).joined(separator: ", ") + ">"))
      }
      return resolveAlias(alias, depth: depth)
    case .aliasTarget(let target):
      return arguments.isEmpty ? target : .opaque(target.identity)
    case .generic(let name):
      return .generic(name)
    case .module(let name):
      return Self.external([(name, arguments)])
    }
  }

  func resolveAlias(_ alias: TypealiasSymbol, depth: Int = 0) -> SemanticType {
    if let resolved = alias.resolved { return resolved }
    guard !alias.isResolving, depth < 32 else { return .opaque(alias.qualifiedName) }
    alias.isResolving = true
    let resolved = resolve(alias.target, in: TypeContext(file: alias.file, owner: alias.owner, node: alias.target), depth: depth + 1)
    alias.isResolving = false
    alias.resolved = resolved
    return resolved
  }

  // MARK: Building types

  static func applying(_ arguments: [SemanticType], to type: SemanticType) -> SemanticType {
    guard !arguments.isEmpty, case .nominal(var nominal) = type else { return type }
    nominal.arguments = arguments
    return .nominal(nominal)
  }

  /// A type the analyzer knows no declaration of, as written; the standard
  /// library's sugar is normalized (`Optional<T>` is `T?`).
  static func external(_ components: [(name: String, arguments: [SemanticType])]) -> SemanticType {
    let path = components.map(\.name).joined(separator: ".")
    let arguments = components.last?.arguments ?? []
    if components.dropLast().contains(where: { !$0.arguments.isEmpty }) {
      return .opaque(
        components.map { $0.name + ($0.arguments.isEmpty ? "" : "<" + $0.arguments.map(\.identity).joined(separator: ", ") + ">") }
          .joined(separator: "."))
    }
    switch (path, arguments.count) {
    case ("Optional", 1), ("ImplicitlyUnwrappedOptional", 1): return .optional(arguments[0])
    case ("Void", 0): return .void
    default: return .named(path, arguments)
    }
  }

  private func strippingModule(_ components: [(name: String, arguments: [SemanticType])]) -> [(name: String, arguments: [SemanticType])] {
    if components.count > 1, isModuleName(components[0].name), components[0].arguments.isEmpty {
      return Array(components.dropFirst())
    }
    return components
  }

  private static func appending(_ component: (name: String, arguments: [SemanticType]), to base: SemanticType) -> SemanticType {
    guard case .nominal(var nominal) = base, nominal.arguments.isEmpty else {
      return .opaque(base.identity + "." + component.name)
    }
    nominal.path += "." + component.name
    nominal.arguments = component.arguments
    return .nominal(nominal)
  }

  /// The text of a type with runs of white space folded to one space.
  static func normalizedText(_ node: some SyntaxProtocol) -> String {
    node.trimmedText.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
      .joined(separator: " ")
  }

  /// The type an expression in type position names (`A.self`'s `A`,
  /// `.type(A.self)`): a known type, or an external one as written.
  func typeInTypePosition(_ expression: ExprSyntax, in context: TypeContext) -> SemanticType? {
    if let known = type(fromExpression: expression, in: context) { return known }
    if let path = SyntaxFacts.dottedPath(expression) { return Self.external(strippingModule(path.map { ($0, []) })) }
    if let specialization = expression.as(GenericSpecializationExprSyntax.self),
      let path = SyntaxFacts.dottedPath(specialization.expression)
    {
      let arguments = genericArguments(specialization.genericArgumentClause, in: context, depth: 1)
      return Self.external(strippingModule(path.dropLast().map { ($0, []) } + [(path[path.count - 1], arguments)]))
    }
    return nil
  }

  /// A type written as an expression (`A.self`'s `A`, `T(…)`'s `T`), if
  /// the analyzer knows it as one.
  func type(fromExpression expression: ExprSyntax, in context: TypeContext) -> SemanticType? {
    var context = context
    context.inExpression = true
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return resolvePath([(reference.baseName.text, [])], token: reference.baseName, in: context)
    }
    if let specialization = expression.as(GenericSpecializationExprSyntax.self),
      let base = typeInTypePosition(specialization.expression, in: context)
    {
      let arguments = genericArguments(specialization.genericArgumentClause, in: context, depth: 1)
      return Self.applying(arguments, to: base)
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      let path = SyntaxFacts.dottedPath(ExprSyntax(member)), path.count > 1
    {
      let head = SyntaxFacts.firstReference(of: base)
      return resolvePath(path.map { ($0, []) }, token: head?.baseName, in: context, requireMembers: true)
    }
    // `[T]`, `[K: V]`, `T?` written as expressions.
    if let array = expression.as(ArrayExprSyntax.self), array.elements.count == 1, let only = array.elements.first,
      let element = typeInTypePosition(only.expression, in: context)
    {
      return .array(element)
    }
    if let dictionary = expression.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content,
      elements.count == 1, let only = elements.first,
      let key = typeInTypePosition(only.key, in: context), let value = typeInTypePosition(only.value, in: context)
    {
      return .named("Dictionary", [key, value])
    }
    if let type = TypeSyntax(expression.as(TypeExprSyntax.self)?.type) {
      return resolve(type, in: context)
    }
    return nil
  }
}
