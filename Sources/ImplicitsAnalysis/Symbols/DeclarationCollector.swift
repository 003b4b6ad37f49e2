import ImplicitsInterface
import SwiftSyntax

/// Builds the module's symbol tables from its files, in two passes: first
/// the names of types, typealiases and imports (so that every name can be
/// resolved), then members, functions, keys and stored implicits. Reports
/// the rules that concern declarations.
final class DeclarationCollector {
  let symbols: ModuleSymbols
  let evaluator: ConditionEvaluator
  private(set) var diagnostics: [Diagnostic] = []
  /// Function symbols by the identity of their declaration.
  private(set) var functionsByDeclaration: [SyntaxIdentifier: FunctionSymbol] = [:]
  /// Stored bags by the identity of their binding.
  private(set) var bagsByBinding: [SyntaxIdentifier: Bag] = [:]
  /// The type each type declaration or extension declares members of.
  private(set) var typesByDeclaration: [SyntaxIdentifier: TypeSymbol] = [:]
  private var resolver: TypeResolver!
  private var inference: TypeInference!
  private let makeBag: (Bag.Kind, SourceLocation, String) -> Bag

  init(symbols: ModuleSymbols, evaluator: ConditionEvaluator, makeBag: @escaping (Bag.Kind, SourceLocation, String) -> Bag) {
    self.symbols = symbols
    self.evaluator = evaluator
    self.makeBag = makeBag
  }

  // MARK: Walking declarations through #if

  /// Calls `body` for each declaration of `items` that is compiled, or may
  /// be (`undecided`).
  private func forEachDecl(
    _ items: some Sequence<DeclSyntax>, undecided: Bool, _ body: (DeclSyntax, Bool) -> Void
  ) {
    for decl in items {
      if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
        for (clause, status) in evaluator.statuses(of: ifConfig) where status != .inactive {
          let clauseUndecided = undecided || status == .undecided
          switch clause.elements {
          case .decls(let members):
            forEachDecl(members.map(\.decl), undecided: clauseUndecided, body)
          case .statements(let statements):
            forEachDecl(statements.compactMap { $0.item.as(DeclSyntax.self) }, undecided: clauseUndecided, body)
          default:
            break
          }
        }
      } else {
        body(decl, undecided)
      }
    }
  }

  private func topLevelDecls(_ file: ParsedFile) -> [DeclSyntax] {
    file.tree.statements.compactMap { $0.item.as(DeclSyntax.self) }
  }

  // MARK: Pass 1: names

  func collectNames(_ files: [ParsedFile]) {
    for file in files {
      forEachDecl(topLevelDecls(file), undecided: false) { decl, _ in
        collectNames(decl, file: file, parent: nil, access: .open)
      }
    }
  }

  private func collectNames(_ decl: DeclSyntax, file: ParsedFile, parent: String?, access ceiling: Access) {
    if let importDecl = decl.as(ImportDeclSyntax.self) {
      guard parent == nil, let module = importDecl.path.first?.name.text else { return }
      let attributes = importDecl.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
      symbols.imports.append(
        ImportInfo(
          module: module, isTestable: attributes.contains("testable"), isExported: attributes.contains("_exported"),
          declaration: importDecl.trimmedDescription))
      return
    }
    if let alias = decl.as(TypeAliasDeclSyntax.self) {
      let qualified = (parent.map { $0 + "." } ?? "") + alias.name.text
      symbols.typealiases[qualified] = TypealiasSymbol(
        qualifiedName: qualified, target: alias.initializer.value, context: parent,
        access: min(Access.from(alias.modifiers), ceiling), file: file,
        genericParameters: alias.genericParameterClause?.parameters.map(\.name.text) ?? [])
      return
    }
    guard let nominal = NominalDecl(decl) else {
      if let ext = decl.as(ExtensionDeclSyntax.self) {
        // Nested types declared in extensions.
        let extended = Self.plainPath(ext.extendedType)
        forEachDecl(ext.memberBlock.members.map(\.decl), undecided: false) { member, _ in
          collectNames(member, file: file, parent: extended, access: .public)
        }
      }
      return
    }
    let qualified = (parent.map { $0 + "." } ?? "") + nominal.name
    let access = min(Access.from(nominal.modifiers), ceiling)
    let symbol = symbols.types[qualified] ?? TypeSymbol(
      qualifiedName: qualified, kind: nominal.kind, isDeclaredHere: true, isFinal: nominal.isFinal, access: access)
    symbol.kind = nominal.kind
    symbol.isDeclaredHere = true
    symbol.isFinal = nominal.isFinal
    symbol.access = access
    symbol.location = file.location(of: nominal.nameToken)
    symbol.inheritedNames = nominal.inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    symbol.genericParameters = Set(nominal.genericParameters)
    symbols.types[qualified] = symbol
    forEachDecl(nominal.members.map(\.decl), undecided: false) { member, _ in
      collectNames(member, file: file, parent: qualified, access: access)
    }
  }

  /// `A.B` of an extended type, ignoring generic arguments.
  static func plainPath(_ type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = type.as(MemberTypeSyntax.self) { return plainPath(member.baseType) + "." + member.name.text }
    return type.trimmedDescription
  }

  // MARK: Pass 2: members

  func collectMembers(_ files: [ParsedFile], resolver: TypeResolver) {
    self.resolver = resolver
    inference = TypeInference(resolver: resolver)
    resolveSuperclasses()
    for file in files {
      forEachDecl(topLevelDecls(file), undecided: false) { decl, undecided in
        collectMember(decl, file: file, owner: nil, memberAccess: nil, ceiling: .open, undecided: undecided)
      }
    }
    checkTypesWithStoredImplicits()
  }

  private func resolveSuperclasses() {
    for type in symbols.types.values where type.kind == .class {
      guard let first = type.inheritedNames.first, let parsed = TypeParsing.parseType(first) else { continue }
      let parent = type.qualifiedName.split(separator: ".").dropLast().joined(separator: ".")
      let name = resolver.canonical(parsed, in: parent.isEmpty ? nil : parent)
      let base = name.split(separator: "<").first.map(String.init) ?? name
      if let local = symbols.types[base], local.isDeclaredHere, local.kind == .class {
        type.superclass = base
      } else if let (decl, _) = resolver.upstream.type(named: base), decl.kind == .class {
        type.superclass = base
      }
    }
  }

  /// - Parameters:
  ///   - owner: the type whose member this is.
  ///   - memberAccess: the default access of members (an extension's access).
  ///   - ceiling: the enclosing declarations' access.
  private func collectMember(
    _ decl: DeclSyntax, file: ParsedFile, owner: TypeSymbol?, memberAccess: Access?, ceiling: Access,
    undecided: Bool, isProtocol: Bool = false, isExtension: Bool = false
  ) {
    let defaultAccess = memberAccess ?? .internal
    if let nominal = NominalDecl(decl) {
      let qualified = (owner.map { $0.qualifiedName + "." } ?? "") + nominal.name
      guard let type = symbols.types[qualified] else { return }
      typesByDeclaration[decl.id] = type
      let access = min(Access.from(nominal.modifiers, default: defaultAccess), ceiling)
      forEachDecl(nominal.members.map(\.decl), undecided: undecided) { member, memberUndecided in
        collectMember(
          member, file: file, owner: type, memberAccess: nil, ceiling: access, undecided: memberUndecided,
          isProtocol: nominal.kind == .protocol)
      }
      return
    }
    if let ext = decl.as(ExtensionDeclSyntax.self) {
      collectExtension(ext, file: file, undecided: undecided)
      return
    }
    if let function = decl.as(FunctionDeclSyntax.self) {
      addFunction(
        decl: DeclSyntax(function), baseName: function.name.text, kind: .function,
        parameters: function.signature.parameterClause.parameters, isSubscript: false,
        modifiers: function.modifiers, hasBody: function.body != nil, file: file, owner: owner,
        access: min(Access.from(function.modifiers, default: defaultAccess), ceiling), undecided: undecided,
        isProtocol: isProtocol, isExtension: isExtension, nameToken: function.name)
      return
    }
    if let initializer = decl.as(InitializerDeclSyntax.self) {
      addFunction(
        decl: DeclSyntax(initializer), baseName: "init", kind: .initializer,
        parameters: initializer.signature.parameterClause.parameters, isSubscript: false,
        modifiers: initializer.modifiers, hasBody: initializer.body != nil, file: file, owner: owner,
        access: min(Access.from(initializer.modifiers, default: defaultAccess), ceiling), undecided: undecided,
        isProtocol: isProtocol, isExtension: isExtension, nameToken: initializer.initKeyword)
      return
    }
    if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      addFunction(
        decl: DeclSyntax(subscriptDecl), baseName: "subscript", kind: .subscript,
        parameters: subscriptDecl.parameterClause.parameters, isSubscript: true,
        modifiers: subscriptDecl.modifiers, hasBody: subscriptDecl.accessorBlock != nil, file: file, owner: owner,
        access: min(Access.from(subscriptDecl.modifiers, default: defaultAccess), ceiling), undecided: undecided,
        isProtocol: isProtocol, isExtension: isExtension, nameToken: subscriptDecl.subscriptKeyword)
      return
    }
    if let variable = decl.as(VariableDeclSyntax.self) {
      collectVariable(
        variable, file: file, owner: owner, access: min(Access.from(variable.modifiers, default: defaultAccess), ceiling),
        isProtocol: isProtocol)
      return
    }
  }

  private func collectExtension(_ ext: ExtensionDeclSyntax, file: ParsedFile, undecided: Bool) {
    let written = Self.plainPath(ext.extendedType)
    if ["ImplicitsKeys", "ImplicitKeys", "Implicits.ImplicitsKeys", "Implicits.ImplicitKeys"].contains(written) {
      collectNamedKeys(ext, file: file)
      return
    }
    let qualified = resolver.resolveTypeName(path: written.split(separator: ".").map(String.init), in: nil) ?? {
      var path = written.split(separator: ".").map(String.init)
      if path.count > 1, resolver.isModuleName(path[0]) { path.removeFirst() }
      return path.joined(separator: ".")
    }()
    let type: TypeSymbol
    if let existing = symbols.types[qualified] {
      type = existing
    } else {
      let upstreamKind = resolver.upstream.type(named: qualified)?.decl.kind
      type = TypeSymbol(
        qualifiedName: qualified, kind: .extension, isDeclaredHere: false,
        isFinal: upstreamKind != .class, access: .public)
      if upstreamKind == .class {
        type.superclass = resolver.upstream.type(named: qualified)?.decl.superclass
      }
      symbols.types[qualified] = type
    }
    typesByDeclaration[ext.id] = type
    let extensionAccess = Access.from(ext.modifiers, default: .internal)
    let ceiling: Access = type.isDeclaredHere ? type.access : .open
    let memberDefault = ext.modifiers.isEmpty ? Access.internal : extensionAccess
    forEachDecl(ext.memberBlock.members.map(\.decl), undecided: undecided) { member, memberUndecided in
      collectMember(
        member, file: file, owner: type, memberAccess: memberDefault, ceiling: ceiling, undecided: memberUndecided,
        isProtocol: false, isExtension: true)
    }
    if let inheritance = ext.inheritanceClause {
      type.inheritedNames += inheritance.inheritedTypes.map { $0.type.trimmedDescription }
    }
  }

  private func collectNamedKeys(_ ext: ExtensionDeclSyntax, file: ParsedFile) {
    let extensionAccess = Access.from(ext.modifiers, default: .internal)
    forEachDecl(ext.memberBlock.members.map(\.decl), undecided: false) { member, _ in
      guard let variable = member.as(VariableDeclSyntax.self),
        SyntaxFacts.isStatic(variable.modifiers), variable.bindingSpecifier.tokenKind == .keyword(.let),
        variable.bindings.count == 1, let binding = variable.bindings.first,
        let name = SyntaxFacts.boundName(binding.pattern),
        let valueType = keyValueType(binding.initializer?.value)
      else {
        diagnostics.append(
          .error(
            "extension ImplicitsKeys may only declare named keys: 'static let name = Key<Type>()'",
            at: file.location(of: member)))
        return
      }
      symbols.namedKeys[name] = NamedKeySymbol(
        name: name, valueType: valueType,
        access: Access.from(variable.modifiers, default: ext.modifiers.isEmpty ? .internal : extensionAccess),
        location: file.location(of: binding.pattern))
    }
  }

  /// `T` of `Key<T>()`.
  private func keyValueType(_ expression: ExprSyntax?) -> String? {
    guard let call = expression?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      let specialization = call.calledExpression.as(GenericSpecializationExprSyntax.self),
      let base = specialization.expression.as(DeclReferenceExprSyntax.self), base.baseName.text == "Key"
        || specialization.expression.trimmedDescription == "ImplicitsKeys.Key",
      specialization.genericArgumentClause.arguments.count == 1,
      let argument = specialization.genericArgumentClause.arguments.first,
      let type = TypeParsing.parseType(argument.trimmedDescription)
    else { return nil }
    return resolver.canonical(type, in: nil)
  }

  // MARK: Functions

  private func addFunction(
    decl: DeclSyntax, baseName: String, kind: FunctionDecl.Kind, parameters: FunctionParameterListSyntax,
    isSubscript: Bool, modifiers: DeclModifierListSyntax, hasBody: Bool, file: ParsedFile, owner: TypeSymbol?,
    access: Access, undecided: Bool, isProtocol: Bool, isExtension: Bool, nameToken: TokenSyntax
  ) {
    var parameterList: [FunctionDecl.Parameter] = []
    var parameterTypes: [(name: String, type: TypeSyntax)] = []
    var scopeIndex: Int?
    var scopeCount = 0
    for (index, parameter) in parameters.enumerated() {
      let isScope = SyntaxFacts.isImplicitScopeType(parameter.type)
      let label: String?
      if isSubscript {
        label = parameter.secondName != nil && parameter.firstName.tokenKind != .wildcard ? parameter.firstName.text : nil
      } else {
        label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      }
      parameterList.append(FunctionDecl.Parameter(label: label, hasDefault: parameter.defaultValue != nil, isScope: isScope))
      let localName = (parameter.secondName ?? parameter.firstName).text
      parameterTypes.append((localName, parameter.type))
      guard isScope else { continue }
      scopeCount += 1
      if scopeIndex == nil { scopeIndex = index }
      let spelledRight = parameter.firstName.tokenKind == .wildcard
        && (parameter.secondName == nil || parameter.secondName?.text == "scope")
      if !spelledRight {
        diagnostics.append(
          .error(
            "The ImplicitScope parameter must be spelled '_ scope: ImplicitScope' or '_: ImplicitScope'",
            at: file.location(of: parameter)))
      }
      if scopeCount == 2 {
        diagnostics.append(
          .error("A function takes at most one ImplicitScope parameter", at: file.location(of: parameter)))
      }
    }
    let isStatic = SyntaxFacts.isStatic(modifiers)
    let symbol = FunctionSymbol(
      baseName: baseName, kind: kind, isStatic: isStatic, parameters: parameterList, parameterTypes: parameterTypes,
      access: access, owner: owner, ownerName: owner?.qualifiedName, location: file.location(of: nameToken),
      file: file, scopeParameterIndex: scopeIndex, declaration: decl, isInUndecidedCode: undecided,
      isProtocolRequirement: isProtocol && !hasBody)
    functionsByDeclaration[decl.id] = symbol
    symbols.allFunctions.append(symbol)
    if let owner {
      owner.addMethod(symbol)
    } else {
      symbols.freeFunctions[baseName, default: []].append(symbol)
    }
    if scopeIndex != nil {
      checkDispatch(symbol, modifiers: modifiers, isProtocol: isProtocol, isExtension: isExtension)
    }
  }

  /// Scope-taking functions must be called statically.
  private func checkDispatch(_ symbol: FunctionSymbol, modifiers: DeclModifierListSyntax, isProtocol: Bool, isExtension: Bool) {
    let name = "'\(symbol.signature)'"
    let location = symbol.location
    if isProtocol {
      if symbol.isProtocolRequirement {
        diagnostics.append(
          .error(
            "Scope-taking \(kindWord(symbol)) \(name) cannot be a protocol requirement: calls through a protocol are "
              + "dispatched dynamically; declare it in a concrete type or a protocol extension",
            at: location))
      }
      return
    }
    if SyntaxFacts.hasModifier(modifiers, .open) {
      diagnostics.append(
        .error(
          "Scope-taking \(kindWord(symbol)) \(name) cannot be 'open': it could be overridden; use 'public' and make it 'final'",
          at: location))
      return
    }
    if SyntaxFacts.hasModifier(modifiers, .class) {
      diagnostics.append(
        .error(
          "Scope-taking \(kindWord(symbol)) \(name) cannot be a 'class' member: it could be overridden; use 'static'",
          at: location))
      return
    }
    if SyntaxFacts.hasModifier(modifiers, .override), symbol.kind != .initializer {
      diagnostics.append(
        .error(
          "Scope-taking \(kindWord(symbol)) \(name) cannot be an 'override': calls to it are dispatched dynamically; "
            + "give it its own name instead of 'override'",
          at: location))
      return
    }
    guard let owner = symbol.owner, owner.kind == .class, !owner.isFinal, symbol.kind != .initializer,
      !symbol.isStatic, !isExtension, !SyntaxFacts.hasModifier(modifiers, .final)
    else { return }
    diagnostics.append(
      .error(
        "Scope-taking \(kindWord(symbol)) \(name) of non-final class '\(owner.qualifiedName)' could be overridden; "
          + "mark it 'final' (or the class 'final')",
        at: location))
  }

  private func kindWord(_ symbol: FunctionSymbol) -> String {
    switch symbol.kind {
    case .function: symbol.owner == nil ? "function" : "method"
    case .initializer: "initializer"
    case .subscript: "subscript"
    }
  }

  // MARK: Variables

  private func collectVariable(_ variable: VariableDeclSyntax, file: ParsedFile, owner: TypeSymbol?, access: Access, isProtocol: Bool) {
    let isStatic = SyntaxFacts.isStatic(variable.modifiers)
    let implicitAttribute = SyntaxFacts.implicitAttribute(variable.attributes)
    for binding in variable.bindings {
      guard let name = SyntaxFacts.boundName(binding.pattern) else { continue }
      let context = owner?.qualifiedName
      var typeName: String?
      if let annotation = binding.typeAnnotation?.type {
        typeName = resolver.canonical(annotation, in: context)
      } else if let value = binding.initializer?.value {
        typeName = inference.inferredType(of: value, in: context)
      }
      let property = PropertySymbol(name: name, type: typeName, isStatic: isStatic, access: access)
      if let owner {
        owner.properties[name] = property
      } else {
        globalProperties[name] = property
      }
      guard let owner, !isProtocol, !SyntaxFacts.isComputed(binding) else { continue }
      if let attribute = implicitAttribute {
        collectStoredImplicit(
          variable: variable, binding: binding, attribute: attribute, name: name, owner: owner, file: file,
          isStatic: isStatic)
      } else if let value = binding.initializer?.value {
        collectStoredBag(value: value, binding: binding, name: name, owner: owner, file: file, isStatic: isStatic)
      }
    }
  }

  /// Module-level variables with their types (for `service.load(scope)`).
  private(set) var globalProperties: [String: PropertySymbol] = [:]

  private func collectStoredImplicit(
    variable: VariableDeclSyntax, binding: PatternBindingSyntax, attribute: AttributeSyntax, name: String,
    owner: TypeSymbol, file: ParsedFile, isStatic: Bool
  ) {
    let location = file.location(of: variable)
    if SyntaxFacts.hasWrapperBeforeImplicit(variable.attributes) {
      diagnostics.append(.error("@Implicit must be the outermost property wrapper", at: location))
    }
    if isStatic {
      diagnostics.append(
        .error("A static @Implicit property is not supported: read implicits in a scope-taking function", at: location))
      return
    }
    if binding.initializer != nil {
      diagnostics.append(
        .error(
          "A stored @Implicit property has no initial value: it is read when the object is initialized",
          at: location))
      return
    }
    guard let key = keyOfRead(attribute: attribute, annotation: binding.typeAnnotation?.type, context: owner.qualifiedName, location: location, file: file) else {
      return
    }
    owner.storedImplicits.append(StoredImplicit(key: key, propertyName: name, location: location))
  }

  /// The key an `@Implicit` read uses, or nil after reporting why there is none.
  func keyOfRead(attribute: AttributeSyntax, annotation: TypeSyntax?, context: String?, location: SourceLocation, file: ParsedFile) -> ImplicitKeyRef? {
    switch SyntaxFacts.namedKeyArgument(of: attribute) {
    case .some(.some(let name)):
      return namedKey(name, location: location)
    case .some(.none):
      guard let annotation else {
        diagnostics.append(.error("Unable to infer implicit key: add a type annotation", at: location))
        return nil
      }
      return resolver.typeKey(annotation, in: context)
    case .none:
      diagnostics.append(.error("@Implicit takes a named key as '\\.name'", at: location))
      return nil
    }
  }

  /// A named key by name, if declared here or upstream; otherwise reported.
  func namedKey(_ name: String, location: SourceLocation) -> ImplicitKeyRef? {
    if symbols.namedKeys[name] != nil || resolver.upstream.namedKey(name) != nil {
      return .named(name)
    }
    diagnostics.append(
      .error(
        "Unknown named key '\\.\(name)': declare it as 'static let \(name) = Key<Type>()' in 'extension ImplicitsKeys'",
        at: location))
    return nil
  }

  private func collectStoredBag(
    value: ExprSyntax, binding: PatternBindingSyntax, name: String, owner: TypeSymbol, file: ParsedFile, isStatic: Bool
  ) {
    let bag: Bag
    if let macro = SyntaxFacts.bagMacro(value) {
      let location = file.location(of: macro)
      bag = makeBag(.macro(fileName: file.fileName, line: location.line, column: location.column), location, name)
    } else if let call = SyntaxFacts.isExplicitBag(value) {
      guard let keys = explicitBagKeys(call, context: owner.qualifiedName, file: file) else { return }
      bag = makeBag(.explicit(keys), file.location(of: call), name)
    } else {
      return
    }
    if isStatic {
      diagnostics.append(.error("A bag cannot be a static property: it is captured when an object is initialized", at: bag.location))
      return
    }
    owner.storedBags.append(bag)
    bagsByBinding[binding.id] = bag
    if owner.storedBags.count == 2 {
      diagnostics.append(
        .error(
          "Type '\(owner.qualifiedName)' has more than one stored bag; keep one 'let implicits = #implicits'",
          at: bag.location))
    }
  }

  /// The keys listed in `Implicits(capturing: .type(A.self), .named(\.b))`.
  func explicitBagKeys(_ call: FunctionCallExprSyntax, context: String?, file: ParsedFile) -> [ImplicitKeyRef]? {
    var keys: [ImplicitKeyRef] = []
    for argument in call.arguments {
      guard let member = argument.expression.as(FunctionCallExprSyntax.self),
        let callee = member.calledExpression.as(MemberAccessExprSyntax.self), callee.base == nil,
        let first = member.arguments.first?.expression
      else {
        if argument.label?.text == "fileID" || argument.label?.text == "line" { continue }
        diagnostics.append(
          .error(
            "Implicits(capturing:) takes keys as '.type(T.self)' or '.named(\\.name)'",
            at: file.location(of: argument)))
        return nil
      }
      switch callee.declName.baseName.text {
      case "type":
        guard let metatype = first.as(MemberAccessExprSyntax.self), metatype.declName.baseName.text == "self",
          let base = metatype.base, let type = resolver.typeSyntax(fromExpression: base)
        else {
          diagnostics.append(.error("'.type' takes a type as 'T.self'", at: file.location(of: first)))
          return nil
        }
        keys.append(resolver.typeKey(type, in: context))
      case "named":
        guard let name = SyntaxFacts.keyPathName(first) else {
          diagnostics.append(.error("'.named' takes a key path as '\\.name'", at: file.location(of: first)))
          return nil
        }
        guard let key = namedKey(name, location: file.location(of: first)) else { return nil }
        keys.append(key)
      default:
        diagnostics.append(
          .error(
            "Implicits(capturing:) takes keys as '.type(T.self)' or '.named(\\.name)'",
            at: file.location(of: argument)))
        return nil
      }
    }
    return keys
  }

  // MARK: Types with stored implicits

  private func checkTypesWithStoredImplicits() {
    for type in symbols.types.values.sorted(by: { $0.qualifiedName < $1.qualifiedName }) {
      guard !type.storedImplicits.isEmpty || !type.storedBags.isEmpty, let location = type.location else { continue }
      let initializers = type.methods["init"] ?? []
      if !initializers.contains(where: \.isScopeTaking) {
        let what = type.storedImplicits.isEmpty ? "a stored bag" : "stored @Implicit properties"
        diagnostics.append(
          .error(
            "Type '\(type.qualifiedName)' has \(what) but no initializer that takes an ImplicitScope; "
              + "declare 'init(_ scope: ImplicitScope)' (the memberwise initializer cannot take one)",
            at: location))
      }
    }
  }
}

/// A struct, class, enum, actor or protocol declaration.
struct NominalDecl {
  var name: String
  var nameToken: TokenSyntax
  var kind: TypeDecl.Kind
  var modifiers: DeclModifierListSyntax
  var members: MemberBlockItemListSyntax
  var inheritance: InheritanceClauseSyntax?
  var genericParameters: [String]
  var isFinal: Bool

  init?(_ decl: DeclSyntax) {
    if let d = decl.as(StructDeclSyntax.self) {
      self.init(d.name, .struct, d.modifiers, d.memberBlock.members, d.inheritanceClause, d.genericParameterClause, true)
    } else if let d = decl.as(ClassDeclSyntax.self) {
      self.init(
        d.name, .class, d.modifiers, d.memberBlock.members, d.inheritanceClause, d.genericParameterClause,
        SyntaxFacts.hasModifier(d.modifiers, .final))
    } else if let d = decl.as(EnumDeclSyntax.self) {
      self.init(d.name, .enum, d.modifiers, d.memberBlock.members, d.inheritanceClause, d.genericParameterClause, true)
    } else if let d = decl.as(ActorDeclSyntax.self) {
      self.init(d.name, .actor, d.modifiers, d.memberBlock.members, d.inheritanceClause, d.genericParameterClause, true)
    } else if let d = decl.as(ProtocolDeclSyntax.self) {
      self.init(d.name, .protocol, d.modifiers, d.memberBlock.members, d.inheritanceClause, nil, true)
    } else {
      return nil
    }
  }

  private init(
    _ name: TokenSyntax, _ kind: TypeDecl.Kind, _ modifiers: DeclModifierListSyntax,
    _ members: MemberBlockItemListSyntax, _ inheritance: InheritanceClauseSyntax?,
    _ generics: GenericParameterClauseSyntax?, _ isFinal: Bool
  ) {
    self.name = name.text
    nameToken = name
    self.kind = kind
    self.modifiers = modifiers
    self.members = members
    self.inheritance = inheritance
    genericParameters = generics?.parameters.map(\.name.text) ?? []
    self.isFinal = isFinal
  }
}
