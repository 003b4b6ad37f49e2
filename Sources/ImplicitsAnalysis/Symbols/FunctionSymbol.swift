import ImplicitsInterface
import SwiftSyntax

/// A function, method, initializer or subscript of this module.
final class FunctionSymbol {
  let baseName: String
  let kind: FunctionDecl.Kind
  let isStatic: Bool
  let parameters: [FunctionDecl.Parameter]
  /// Parameter names and declared types, for the body.
  let parameterTypes: [(name: String, type: TypeSyntax)]
  let access: Access
  weak var owner: TypeSymbol?
  let location: SourceLocation
  let file: ParsedFile
  /// Index of the `ImplicitScope` parameter.
  let scopeParameterIndex: Int?
  /// The declaration, for generated wrappers and lexical lookups.
  let declaration: DeclSyntax
  /// Declared in an `#if` clause the analyzer cannot decide.
  let isInUndecidedCode: Bool
  /// Protocol requirement (no body).
  let isProtocolRequirement: Bool
  /// Declared in a function body.
  let isLocal: Bool
  /// The declared result type, resolved after all names are known.
  var returnType: SemanticType?
  /// `init?` or `init!`.
  let isFailable: Bool
  let genericParameters: [String]
  /// `@_spi(Implicits)` (or any `@_spi`) is written on it.
  let isSPI: Bool
  /// What `@RequiresImplicits(…)` declares it requires: callers provide
  /// that, and its body, witnesses and overrides require no more.
  var declaredImplicits: DeclaredImplicits?
  /// A nested function without a scope parameter that is only ever called
  /// directly: it runs inside its caller, in the caller's scope state.
  let runsInCallersScope: Bool

  init(
    baseName: String, kind: FunctionDecl.Kind, isStatic: Bool, parameters: [FunctionDecl.Parameter],
    parameterTypes: [(name: String, type: TypeSyntax)], access: Access, owner: TypeSymbol?, location: SourceLocation,
    file: ParsedFile, scopeParameterIndex: Int?, declaration: DeclSyntax, isInUndecidedCode: Bool,
    isProtocolRequirement: Bool, isLocal: Bool, isFailable: Bool, genericParameters: [String], isSPI: Bool,
    runsInCallersScope: Bool = false
  ) {
    self.baseName = baseName
    self.kind = kind
    self.isStatic = isStatic
    self.parameters = parameters
    self.parameterTypes = parameterTypes
    self.access = access
    self.owner = owner
    self.location = location
    self.file = file
    self.scopeParameterIndex = scopeParameterIndex
    self.declaration = declaration
    self.isInUndecidedCode = isInUndecidedCode
    self.isProtocolRequirement = isProtocolRequirement
    self.isLocal = isLocal
    self.isFailable = isFailable
    self.genericParameters = genericParameters
    self.isSPI = isSPI
    self.runsInCallersScope = runsInCallersScope
  }

  var isScopeTaking: Bool { scopeParameterIndex != nil }

  /// A call may run a body other than this declaration's: a protocol
  /// requirement, or a method of a class that is not final.
  var isDispatched: Bool {
    if isProtocolRequirement { return true }
    guard kind != .initializer, !isStatic || hasModifier(.class), let owner, owner.kind == .class,
      !owner.isFinal
    else { return false }
    return !hasModifier(.final)
  }

  /// Whether the declaration is written with `keyword`.
  private func hasModifier(_ keyword: Keyword) -> Bool {
    let modifiers = declaration.as(FunctionDeclSyntax.self)?.modifiers ?? declaration.as(SubscriptDeclSyntax.self)?.modifiers
      ?? declaration.as(InitializerDeclSyntax.self)?.modifiers
    return modifiers.map { SyntaxFacts.hasModifier($0, keyword) } ?? false
  }

  /// Written with `open`: another module may override it.
  var isOpen: Bool { hasModifier(.open) }

  /// Written with `override`.
  var isOverride: Bool {
    let modifiers = declaration.as(FunctionDeclSyntax.self)?.modifiers ?? declaration.as(SubscriptDeclSyntax.self)?.modifiers
    return modifiers.map { SyntaxFacts.hasModifier($0, .override) } ?? false
  }

  /// `build(id:_:)`.
  var signature: String {
    let labels = parameters.map { ($0.label ?? "_") + ":" }.joined()
    return "\(baseName)(\(labels))"
  }

  /// How diagnostics name it: `Owner.build(id:_:)` or `build(id:_:)`.
  var displayName: String {
    (owner.map { $0.displayName + "." } ?? "") + signature
  }

  /// Whether code in `file` can call it.
  func isVisible(from file: ParsedFile) -> Bool { !access.isFilePrivate || self.file.isSameFile(as: file) }
}

/// The keys of `@RequiresImplicits(…)` on a function, and where it is.
struct DeclaredImplicits {
  let keys: [ImplicitKeyRef]
  let location: SourceLocation
  /// False when a key could not be read (already an error): nothing is
  /// checked against the list.
  var isComplete = true
}

extension FunctionDecl.Parameter {
  /// The parameters of a declaration, with the index of its first
  /// `ImplicitScope` parameter. `resolve` gives a parameter type's meaning,
  /// so that a typealias of a function type is a closure parameter too.
  static func list(
    _ parameters: FunctionParameterListSyntax, isSubscript: Bool, resolve: (TypeSyntax) -> SemanticType
  ) -> (parameters: [FunctionDecl.Parameter], types: [(name: String, type: TypeSyntax)], scopeIndex: Int?) {
    var list: [FunctionDecl.Parameter] = []
    var types: [(name: String, type: TypeSyntax)] = []
    var scopeIndex: Int?
    for (index, parameter) in parameters.enumerated() {
      let isScope = SyntaxFacts.isImplicitScopeType(parameter.type)
      if isScope && scopeIndex == nil { scopeIndex = index }
      let label: String?
      if isSubscript {
        label = parameter.secondName != nil && parameter.firstName.tokenKind != .wildcard ? parameter.firstName.text : nil
      } else {
        label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      }
      let closure = closureKind(parameter.type, resolve: resolve)
      list.append(
        FunctionDecl.Parameter(
          label: label, hasDefault: parameter.defaultValue != nil, isScope: isScope, isClosure: closure != nil,
          isEscaping: closure?.escapes ?? false, isAutoclosure: closure?.isAutoclosure ?? false,
          isVariadic: parameter.ellipsis != nil))
      types.append(((parameter.secondName ?? parameter.firstName).text, parameter.type))
    }
    return (list, types, scopeIndex)
  }

  /// Whether a parameter of this type takes a closure: written as a
  /// function type, or naming one through a typealias (`@escaping Job`,
  /// `Job?`); whether that closure may escape, and is an autoclosure.
  static func closureKind(_ type: TypeSyntax, resolve: (TypeSyntax) -> SemanticType) -> (escapes: Bool, isAutoclosure: Bool)? {
    if let written = SyntaxFacts.closureParameterKind(type) { return written }
    let names = SyntaxFacts.typeAttributes(type).names
    switch resolve(type) {
    case .function: return (names.contains("escaping"), names.contains("autoclosure"))
    case .optional(let wrapped):
      if case .function = wrapped { return (true, false) }
      return nil
    default: return nil
    }
  }
}
