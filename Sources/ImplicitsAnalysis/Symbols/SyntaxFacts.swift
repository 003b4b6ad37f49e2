import SwiftSyntax

/// Small questions about syntax that several passes ask.
enum SyntaxFacts {
  /// The elements of a syntax collection that may be absent: none when it
  /// is. Not `collection ?? []`: an empty syntax collection is a new syntax
  /// arena, made and freed each time.
  static func elements<Collection: SyntaxCollection>(of collection: Collection?) -> [Collection.Element] {
    collection.map { Array($0) } ?? []
  }

  static func hasModifier(_ modifiers: DeclModifierListSyntax, _ keyword: Keyword) -> Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(keyword) }
  }

  static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
    hasModifier(modifiers, .static) || hasModifier(modifiers, .class)
  }

  /// `ImplicitScope` or `Implicits.ImplicitScope`.
  static func isImplicitScopeType(_ type: TypeSyntax) -> Bool {
    var type = type
    while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "ImplicitScope" && identifier.genericArgumentClause == nil
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.name.text == "ImplicitScope" && member.baseType.trimmedText == "Implicits"
    }
    return false
  }

  /// The `@Implicit` attribute of a declaration, if any.
  static func implicitAttribute(_ attributes: AttributeListSyntax) -> AttributeSyntax? {
    for element in attributes {
      guard let attribute = element.as(AttributeSyntax.self) else { continue }
      let name = attribute.attributeName.trimmedText
      if name == "Implicit" || name == "Implicits.Implicit" { return attribute }
    }
    return nil
  }

  /// Attributes that are not property wrappers, which may stand before `@Implicit`.
  private static let nonWrapperAttributes: Set<String> = [
    "MainActor", "available", "objc", "nonobjc", "inline", "inlinable", "usableFromInline",
    "discardableResult", "preconcurrency", "Sendable", "unchecked", "exclusivity", "_spi",
  ]

  /// The outermost property wrapper of a declaration other than
  /// `@Implicit` (an uppercase attribute that is not a known non-wrapper).
  static func outermostWrapper(_ attributes: AttributeListSyntax) -> AttributeSyntax? {
    for element in attributes {
      guard let attribute = element.as(AttributeSyntax.self) else { continue }
      let name = attribute.attributeName.trimmedText
      if name == "Implicit" || name == "Implicits.Implicit" { return nil }
      if !nonWrapperAttributes.contains(name), name.first?.isUppercase == true { return attribute }
    }
    return nil
  }

  /// The attributes written on a parameter's type (`@escaping`,
  /// `@autoclosure`, `@Sendable`), and the type under them.
  static func typeAttributes(_ type: TypeSyntax) -> (names: Set<String>, base: TypeSyntax) {
    var names = Set<String>()
    var type = type
    while let attributed = type.as(AttributedTypeSyntax.self) {
      for element in attributed.attributes {
        if let attribute = element.as(AttributeSyntax.self) { names.insert(attribute.attributeName.trimmedText) }
      }
      type = attributed.baseType
    }
    return (names, type)
  }

  /// The one protocol a generic parameter of a function is constrained to
  /// (`<B: Builder>`, `where B: Builder`), if it is one.
  static func genericConstraint(_ name: String, in declaration: DeclSyntax) -> TypeSyntax? {
    let clause = declaration.as(FunctionDeclSyntax.self)?.genericParameterClause
      ?? declaration.as(InitializerDeclSyntax.self)?.genericParameterClause
    let whereClause = declaration.as(FunctionDeclSyntax.self)?.genericWhereClause
      ?? declaration.as(InitializerDeclSyntax.self)?.genericWhereClause
    var constraints: [TypeSyntax] = []
    for parameter in elements(of: clause?.parameters) where parameter.name.text == name {
      if let inherited = parameter.inheritedType { constraints.append(inherited) }
    }
    for requirement in elements(of: whereClause?.requirements) {
      guard case .conformanceRequirement(let conformance) = requirement.requirement,
        conformance.leftType.trimmedText == name
      else { continue }
      constraints.append(conformance.rightType)
    }
    guard constraints.count == 1, let only = constraints.first, !only.is(CompositionTypeSyntax.self) else { return nil }
    return only
  }

  /// For a parameter whose type is a function type (optional or not,
  /// `@autoclosure` or not): whether a closure passed to it may outlive the
  /// call (`@escaping`, or optional), and whether it is an autoclosure.
  static func closureParameterKind(_ type: TypeSyntax) -> (escapes: Bool, isAutoclosure: Bool)? {
    let (names, base) = typeAttributes(type)
    if base.is(FunctionTypeSyntax.self) { return (names.contains("escaping"), names.contains("autoclosure")) }
    var wrapped: TypeSyntax?
    if let optional = base.as(OptionalTypeSyntax.self) { wrapped = optional.wrappedType }
    if let optional = base.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { wrapped = optional.wrappedType }
    while let tuple = wrapped?.as(TupleTypeSyntax.self), tuple.elements.count == 1 { wrapped = tuple.elements.first?.type }
    guard let wrapped, typeAttributes(wrapped).base.is(FunctionTypeSyntax.self) else { return nil }
    return (true, false)
  }

  /// Whether a property wrapper stands before `@Implicit` (which must be
  /// the outermost one).
  static func hasWrapperBeforeImplicit(_ attributes: AttributeListSyntax) -> Bool {
    outermostWrapper(attributes) != nil
  }


  /// The arguments of `@Implicit(…)`: the key (`\.name` or `T.self`) and
  /// a `wrappedValue:`; `isValid` is false for anything else.
  struct ImplicitArguments {
    var key: ExprSyntax?
    var wrappedValue: ExprSyntax?
    var isValid = true
  }

  static func implicitArguments(of attribute: AttributeSyntax) -> ImplicitArguments {
    var result = ImplicitArguments()
    guard case .argumentList(let arguments) = attribute.arguments else {
      result.isValid = attribute.arguments == nil
      return result
    }
    for argument in arguments {
      switch argument.label?.text {
      case nil where result.key == nil: result.key = argument.expression
      case "wrappedValue" where result.wrappedValue == nil: result.wrappedValue = argument.expression
      case "fileID", "line": continue
      default: result.isValid = false
      }
    }
    return result
  }

  /// A named key as the code writes it: the key path `\.name`, or the key
  /// itself, `ImplicitsKeys.name` (also `ImplicitKeys.name` and
  /// `Implicits.ImplicitsKeys.name`); nil for anything else.
  static func namedKeySpelling(_ expression: ExprSyntax) -> (name: String, isKeyPath: Bool)? {
    if let name = keyPathName(expression) { return (name, true) }
    guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      let path = dottedPath(base), ["ImplicitsKeys", "ImplicitKeys"].contains(path.last ?? ""),
      path.count == 1 || path == ["Implicits", "ImplicitsKeys"] || path == ["Implicits", "ImplicitKeys"]
    else { return nil }
    return (member.declName.baseName.text, false)
  }

  /// `name` for the key path `\.name`; nil when the expression is
  /// something else.
  static func keyPathName(_ expression: ExprSyntax) -> String? {
    guard let keyPath = expression.as(KeyPathExprSyntax.self), keyPath.root == nil,
      keyPath.components.count == 1, let component = keyPath.components.first,
      case .property(let property) = component.component
    else { return nil }
    return property.declName.baseName.text
  }

  /// Strips `try`, `await`, parentheses, `!`, `?` around an expression.
  static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
    var expression = expression
    while true {
      if let e = expression.as(TryExprSyntax.self) {
        expression = e.expression
      } else if let e = expression.as(AwaitExprSyntax.self) {
        expression = e.expression
      } else if let e = expression.as(TupleExprSyntax.self), e.elements.count == 1, let only = e.elements.first,
        only.label == nil
      {
        expression = only.expression
      } else if let e = expression.as(ForceUnwrapExprSyntax.self) {
        expression = e.expression
      } else if let e = expression.as(OptionalChainingExprSyntax.self) {
        expression = e.expression
      } else {
        return expression
      }
    }
  }

  /// Whether `expression` is the identifier `name`.
  static func isIdentifier(_ expression: ExprSyntax, _ name: String) -> Bool {
    guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return false }
    return reference.baseName.text == name && reference.argumentNames == nil
  }

  /// The name a pattern binds, for simple identifier patterns.
  static func boundName(_ pattern: PatternSyntax) -> String? {
    pattern.as(IdentifierPatternSyntax.self)?.identifier.text
  }

  /// `#implicits`.
  static func isBagMacro(_ expression: ExprSyntax) -> Bool {
    guard let macro = expression.as(MacroExpansionExprSyntax.self) else { return false }
    return macro.macroName.text == "implicits"
  }

  /// The `#implicits` node of a bag macro expression.
  static func bagMacro(_ expression: ExprSyntax) -> MacroExpansionExprSyntax? {
    guard let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "implicits" else {
      return nil
    }
    return macro
  }

  /// `Implicits(capturing: …)`.
  static func isExplicitBag(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
      callee.baseName.text == "Implicits",
      call.arguments.first?.label?.text == "capturing"
    else { return nil }
    return call
  }

  /// The captured expression of a capture-list item (`x` in `[a = x]` or
  /// `[x]`), read without naming accessors that differ between
  /// swift-syntax versions.
  static func captureValue(_ item: ClosureCaptureSyntax) -> ExprSyntax? {
    for child in item.children(viewMode: .sourceAccurate) {
      if let expression = child.as(ExprSyntax.self) { return expression }
      if let initializer = child.as(InitializerClauseSyntax.self) { return initializer.value }
    }
    return nil
  }

  /// The name a capture-list item binds (`a` in `[a = x]`), if it has one.
  static func captureName(_ item: ClosureCaptureSyntax) -> String? {
    var name: String?
    for child in item.children(viewMode: .sourceAccurate) {
      if let token = child.as(TokenSyntax.self) {
        if case .identifier = token.tokenKind { name = token.text }
        if token.tokenKind == .equal { return name }
      }
      if child.is(InitializerClauseSyntax.self) { return name }
    }
    return nil
  }

  /// `extension ImplicitsKeys` (or the original's `ImplicitKeys`).
  static func isImplicitsKeysExtension(_ ext: ExtensionDeclSyntax) -> Bool {
    ["ImplicitsKeys", "ImplicitKeys", "Implicits.ImplicitsKeys", "Implicits.ImplicitKeys"]
      .contains(ext.extendedType.trimmedText)
  }

  /// `A.B.C` as components, when the expression is only identifiers and dots.
  static func dottedPath(_ expression: ExprSyntax) -> [String]? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return [reference.baseName.text]
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      let prefix = dottedPath(base)
    {
      return prefix + [member.declName.baseName.text]
    }
    return nil
  }

  /// The innermost base reference of a dotted expression (`A` of `A.B.c`).
  static func firstReference(of expression: ExprSyntax) -> DeclReferenceExprSyntax? {
    var current = expression
    while let member = current.as(MemberAccessExprSyntax.self), let base = member.base { current = base }
    return current.as(DeclReferenceExprSyntax.self)
  }

  /// The names a pattern binds: identifiers under `let`/`var` (also
  /// `case let .a(x)`, `case .a(let x)`), in tuples and optional patterns;
  /// never the names of enum cases or values it matches against.
  static func boundNames(_ pattern: PatternSyntax) -> [(name: String, node: Syntax)] {
    if let identifier = pattern.as(IdentifierPatternSyntax.self) {
      return [(identifier.identifier.text, Syntax(identifier))]
    }
    if let binding = pattern.as(ValueBindingPatternSyntax.self) {
      return boundNames(binding.pattern, bindsIdentifiers: true)
    }
    if let tuple = pattern.as(TuplePatternSyntax.self) {
      return tuple.elements.flatMap { boundNames($0.pattern) }
    }
    if let expression = pattern.as(ExpressionPatternSyntax.self) {
      return boundNames(inExpression: expression.expression, binding: false)
    }
    return []
  }

  private static func boundNames(_ pattern: PatternSyntax, bindsIdentifiers: Bool) -> [(name: String, node: Syntax)] {
    if let expression = pattern.as(ExpressionPatternSyntax.self) {
      return boundNames(inExpression: expression.expression, binding: bindsIdentifiers)
    }
    return boundNames(pattern)
  }

  /// In `case .open(let id, _)`, `case let .pair(a, b)`: the names bound by
  /// `let`/`var` inside an expression pattern (all identifiers when the
  /// whole pattern is under `let`).
  private static func boundNames(inExpression expression: ExprSyntax, binding: Bool) -> [(name: String, node: Syntax)] {
    if let patternExpression = expression.as(PatternExprSyntax.self) {
      return boundNames(patternExpression.pattern, bindsIdentifiers: binding)
    }
    if binding, let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
      case .identifier = reference.baseName.tokenKind
    {
      return [(reference.baseName.text, Syntax(reference))]
    }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      return call.arguments.flatMap { boundNames(inExpression: $0.expression, binding: binding) }
    }
    if let tuple = expression.as(TupleExprSyntax.self) {
      return tuple.elements.flatMap { boundNames(inExpression: $0.expression, binding: binding) }
    }
    if let optional = expression.as(OptionalChainingExprSyntax.self) {
      return boundNames(inExpression: optional.expression, binding: binding)
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      // `let x as Int` and the like: what the first element binds.
      return sequence.elements.first.map { boundNames(inExpression: $0, binding: binding) } ?? []
    }
    return []
  }

  /// Whether a variable binding has accessors that make it computed.
  /// The stored key a computed named key's getter returns, as written:
  /// `_key` in `{ _key }`, `{ return _key }`, `{ get { Self._key } }` or
  /// `ImplicitsKeys._key`; nil for any other getter.
  static func returnedStoredKeyName(_ binding: PatternBindingSyntax) -> String? {
    let statements: CodeBlockItemListSyntax
    switch binding.accessorBlock?.accessors {
    case .getter(let getter)?:
      statements = getter
    case .accessors(let accessors)?:
      guard accessors.count == 1, let getter = accessors.first, getter.accessorSpecifier.tokenKind == .keyword(.get),
        getter.effectSpecifiers == nil, let body = getter.body
      else { return nil }
      statements = body.statements
    case nil:
      return nil
    }
    guard statements.count == 1, let item = statements.first else { return nil }
    var expression: ExprSyntax?
    switch item.item {
    case .expr(let value): expression = value
    case .stmt(let statement): expression = statement.as(ReturnStmtSyntax.self)?.expression
    case .decl: expression = nil
    }
    guard let expression else { return nil }
    if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
      return reference.baseName.text
    }
    if let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
      let base = member.base?.trimmedText, ["Self", "ImplicitsKeys", "ImplicitKeys"].contains(base)
    {
      return member.declName.baseName.text
    }
    return nil
  }

  static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
    guard let accessorBlock = binding.accessorBlock else { return false }
    switch accessorBlock.accessors {
    case .getter: return true
    case .accessors(let accessors):
      return accessors.contains { accessor in
        let kind = accessor.accessorSpecifier.tokenKind
        return kind == .keyword(.get) || kind == .keyword(.set) || kind == .keyword(._read)
          || kind == .keyword(._modify)
      }
    }
  }
}
