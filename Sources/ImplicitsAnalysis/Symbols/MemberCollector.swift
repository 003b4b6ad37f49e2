import ImplicitsInterface
import SwiftSyntax

/// Pass 2: the members of the module's types and its free declarations:
/// functions (with their scope parameters, result types, failability),
/// properties, enum cases, named keys, stored implicits and stored bags.
/// Reports the rules that concern declarations. The bodies stage collects
/// the members of each type a body declares with a collector of its own.
final class MemberCollector {
  let symbols: ModuleSymbols
  /// Where the functions found are registered.
  let table: DeclarationTable
  let resolver: TypeResolver
  let keys: KeyResolver
  let walk: DeclarationWalk
  let enableExporting: Bool
  /// For the members of a type declared in a body: the types declared in
  /// the bodies around it, by name.
  let localTypes: ((String) -> TypeSymbol?)?
  private(set) var diagnostics: [Diagnostic] = []
  /// Stored bags, in the order found.
  private(set) var storedBags: [Bag] = []
  /// The bindings of the stored bags (their initial value is no unit).
  private(set) var storedBagBindings: Set<SyntaxIdentifier> = []

  init(
    symbols: ModuleSymbols, table: DeclarationTable, resolver: TypeResolver, walk: DeclarationWalk,
    enableExporting: Bool, localTypes: ((String) -> TypeSymbol?)? = nil
  ) {
    self.symbols = symbols
    self.table = table
    self.resolver = resolver
    keys = KeyResolver(symbols: symbols, resolver: resolver)
    self.walk = walk
    self.enableExporting = enableExporting
    self.localTypes = localTypes
  }

  func context(file: ParsedFile, owner: TypeSymbol?, node: some SyntaxProtocol) -> TypeContext {
    TypeContext(file: file, owner: owner, node: node, localTypes: localTypes)
  }

  func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// A stored bag of a type, whose binding is `binding`.
  func addStoredBag(_ bag: Bag, binding: SyntaxIdentifier) {
    storedBags.append(bag)
    storedBagBindings.insert(binding)
  }

  // MARK: Files

  func collect(_ files: [ParsedFile]) {
    resolveInheritance()
    for file in files {
      walk.forEach(DeclarationWalk.topLevelDecls(file), undecided: false) { decl, undecided in
        collect(decl, file: file, owner: nil, memberDefault: .internal, ceiling: .open, undecided: undecided)
      }
    }
    checkTypesWithStoredImplicits()
  }

  /// Superclasses and conformances, once every type name is known.
  private func resolveInheritance() {
    for type in table.typesByIdentity.values.sorted(by: { $0.identity < $1.identity }) { resolveInheritance(of: type) }
  }

  /// A type declared in a body, and the types nested in it: their
  /// inheritance, their members, the rule on their initializers.
  func collectDeclaredInBody(_ type: TypeSymbol, members: MemberBlockItemListSyntax, file: ParsedFile, undecided: Bool) {
    var all: [TypeSymbol] = [type]
    var index = 0
    while index < all.count {
      for nested in all[index].nestedTypes.values { all += nested }
      index += 1
    }
    for member in all { resolveInheritance(of: member) }
    collectMembers(members, of: type, file: file, undecided: undecided, isProtocol: false, isLocal: true)
    StoredMembers(collector: self).checkInitializers(of: type)
  }

  private func resolveInheritance(of type: TypeSymbol) {
    let clauses = type.inheritanceClauses
    type.inheritanceClauses = []
    for (index, (written, file)) in clauses.enumerated() {
      let resolved = resolver.resolve(written, in: context(file: file, owner: type.parent, node: written))
      if index == 0, type.kind == .class, type.superclass == nil, isClass(resolved) {
        type.superclass = resolved
      } else if !type.conformances.contains(resolved) {
        type.conformances.append(resolved)
      }
    }
  }

  private func isClass(_ type: SemanticType) -> Bool {
    guard let identity = type.lookupIdentity else { return false }
    if let local = resolver.declarations.type(identity: identity), local.isDeclaredHere { return local.kind == .class }
    return resolver.upstream.typeDeclaration(identity: identity)?.decl.kind == .class
  }

  // MARK: Declarations

  /// - Parameters:
  ///   - memberDefault: the access a member without a modifier has.
  ///   - ceiling: the enclosing declarations' effective access.
  private func collect(
    _ decl: DeclSyntax, file: ParsedFile, owner: TypeSymbol?, memberDefault: Access, ceiling: Access, undecided: Bool,
    isProtocol: Bool = false, isExtension: Bool = false, isLocal: Bool = false
  ) {
    let access = { (modifiers: DeclModifierListSyntax) in min(Access.from(modifiers, default: memberDefault), ceiling) }
    if let nominal = NominalDecl(decl) {
      guard let type = resolver.declarations.type(declaration: decl.id) else { return }
      collectMembers(nominal.members, of: type, file: file, undecided: undecided, isProtocol: nominal.kind == .protocol, isLocal: isLocal)
    } else if let ext = decl.as(ExtensionDeclSyntax.self) {
      collectExtension(ext, file: file, undecided: undecided)
    } else if let function = decl.as(FunctionDeclSyntax.self) {
      addFunction(
        decl, baseName: function.name.text, kind: .function, parameters: function.signature.parameterClause.parameters,
        modifiers: function.modifiers, attributes: function.attributes, hasBody: function.body != nil,
        returnType: function.signature.returnClause?.type, generics: function.genericParameterClause, file: file,
        owner: owner, access: access(function.modifiers), undecided: undecided, isProtocol: isProtocol,
        isExtension: isExtension, isLocal: isLocal, nameToken: function.name)
    } else if let initializer = decl.as(InitializerDeclSyntax.self) {
      addFunction(
        decl, baseName: "init", kind: .initializer, parameters: initializer.signature.parameterClause.parameters,
        modifiers: initializer.modifiers, attributes: initializer.attributes, hasBody: initializer.body != nil,
        returnType: nil, generics: initializer.genericParameterClause, file: file, owner: owner,
        access: access(initializer.modifiers), undecided: undecided, isProtocol: isProtocol, isExtension: isExtension,
        isLocal: isLocal, nameToken: initializer.initKeyword, isFailable: initializer.optionalMark != nil)
    } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      addFunction(
        decl, baseName: "subscript", kind: .subscript, parameters: subscriptDecl.parameterClause.parameters,
        modifiers: subscriptDecl.modifiers, attributes: subscriptDecl.attributes,
        hasBody: subscriptDecl.accessorBlock != nil, returnType: subscriptDecl.returnClause.type,
        generics: subscriptDecl.genericParameterClause, file: file, owner: owner, access: access(subscriptDecl.modifiers),
        undecided: undecided, isProtocol: isProtocol, isExtension: isExtension, isLocal: isLocal,
        nameToken: subscriptDecl.subscriptKeyword)
    } else if let variable = decl.as(VariableDeclSyntax.self) {
      collectVariable(variable, file: file, owner: owner, access: access(variable.modifiers), isProtocol: isProtocol)
    } else if let enumCase = decl.as(EnumCaseDeclSyntax.self), let owner {
      for element in enumCase.elements {
        owner.enumCases.insert(element.name.text)
        if element.parameterClause == nil {
          owner.properties[element.name.text] = PropertySymbol(
            name: element.name.text, declaredType: owner.semanticType, initializer: nil, isStatic: true,
            access: owner.access, file: file, owner: owner)
        }
      }
    }
  }

  private func collectMembers(
    _ members: MemberBlockItemListSyntax, of type: TypeSymbol, file: ParsedFile, undecided: Bool, isProtocol: Bool,
    isLocal: Bool
  ) {
    walk.forEachMember(members, undecided: undecided) { member, memberUndecided in
      collect(
        // A protocol's requirements have the protocol's access.
        member, file: file, owner: type, memberDefault: isProtocol ? type.access : .internal, ceiling: type.access,
        undecided: memberUndecided, isProtocol: isProtocol, isLocal: isLocal)
    }
  }

  private func collectExtension(_ ext: ExtensionDeclSyntax, file: ParsedFile, undecided: Bool) {
    if SyntaxFacts.isImplicitsKeysExtension(ext) {
      collectNamedKeys(ext, file: file)
      return
    }
    guard let type = resolver.declarations.type(declaration: ext.id) else { return }
    // Members default to the extension's access, and are never more
    // visible than the type (when declared here).
    let extensionAccess = Access.from(ext.modifiers, default: .internal)
    let ceiling: Access = type.isDeclaredHere ? type.access : .open
    walk.forEachMember(ext.memberBlock.members, undecided: undecided) { member, memberUndecided in
      collect(
        member, file: file, owner: type, memberDefault: extensionAccess, ceiling: ceiling, undecided: memberUndecided,
        isProtocol: false, isExtension: true)
    }
  }

  private func collectNamedKeys(_ ext: ExtensionDeclSyntax, file: ParsedFile) {
    let extensionAccess = Access.from(ext.modifiers, default: .internal)
    walk.forEachMember(ext.memberBlock.members, undecided: false) { member, _ in
      // `static let name = Key<T>()`, or a computed `static var name: Key<T> { … }`.
      guard let variable = member.as(VariableDeclSyntax.self), SyntaxFacts.isStatic(variable.modifiers),
        variable.bindings.count == 1, let binding = variable.bindings.first,
        let name = SyntaxFacts.boundName(binding.pattern)
      else {
        report(.namedKeyDeclaration(at: file.location(of: member)))
        return
      }
      let isStored = variable.bindingSpecifier.tokenKind == .keyword(.let)
      let valueType =
        isStored
        ? keyValueType(binding.initializer?.value, file: file)
        : SyntaxFacts.isComputed(binding) ? annotatedKeyValueType(binding.typeAnnotation?.type, file: file) : nil
      guard let valueType else {
        report(.namedKeyDeclaration(at: file.location(of: member)))
        return
      }
      // A computed key is a name for a stored one (`{ _apiBaseURL }`);
      // any other getter makes a new key object at every use.
      let storedKey = isStored ? nil : SyntaxFacts.returnedStoredKeyName(binding)
      if !isStored, storedKey == nil {
        report(.computedKeyMakesNewKey(name, at: file.location(of: binding.pattern)))
        return
      }
      let access = Access.from(variable.modifiers, default: ext.modifiers.isEmpty ? .internal : extensionAccess)
      let identity = DeclarationIdentity(
        module: symbols.moduleName, qualifiedName: name, discriminator: access.discriminator(inFile: file.fileName))
      symbols.namedKeys[name, default: []].append(
        NamedKeySymbol(
          name: name, identity: identity, valueType: valueType, access: access, location: file.location(of: binding.pattern),
          privateFile: access.isFilePrivate ? file.relativePath : nil, isStored: isStored, storedKey: storedKey,
          file: file))
    }
  }

  /// `T` of a `Key<T>` (or `ImplicitsKeys.Key<T>`) type annotation.
  private func annotatedKeyValueType(_ type: TypeSyntax?, file: ParsedFile) -> SemanticType? {
    let written = type?.as(IdentifierTypeSyntax.self).map { ($0.name.text, $0.genericArgumentClause) }
      ?? type?.as(MemberTypeSyntax.self).flatMap { member in
        member.baseType.trimmedText == "ImplicitsKeys" ? (member.name.text, member.genericArgumentClause) : nil
      }
    guard let (name, clause) = written, name == "Key", let clause, clause.arguments.count == 1,
      case .type(let argument) = clause.arguments.first!.argument
    else { return nil }
    return resolver.resolve(argument, in: context(file: file, owner: nil, node: argument))
  }

  /// `T` of `Key<T>()`.
  private func keyValueType(_ expression: ExprSyntax?, file: ParsedFile) -> SemanticType? {
    guard let call = expression?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      let specialization = call.calledExpression.as(GenericSpecializationExprSyntax.self),
      let base = specialization.expression.as(DeclReferenceExprSyntax.self), base.baseName.text == "Key"
        || specialization.expression.trimmedText == "ImplicitsKeys.Key",
      specialization.genericArgumentClause.arguments.count == 1,
      let argument = specialization.genericArgumentClause.arguments.first,
      case .type(let type) = argument.argument
    else { return nil }
    return resolver.resolve(type, in: context(file: file, owner: nil, node: type))
  }

  // MARK: Functions

  private func addFunction(
    _ decl: DeclSyntax, baseName: String, kind: FunctionDecl.Kind, parameters: FunctionParameterListSyntax,
    modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax, hasBody: Bool, returnType: TypeSyntax?,
    generics: GenericParameterClauseSyntax?, file: ParsedFile, owner: TypeSymbol?, access: Access, undecided: Bool,
    isProtocol: Bool, isExtension: Bool, isLocal: Bool, nameToken: TokenSyntax, isFailable: Bool = false
  ) {
    let (list, types, scopeIndex) = FunctionDecl.Parameter.list(parameters, isSubscript: kind == .subscript) { type in
      resolver.resolve(type, in: context(file: file, owner: owner, node: type))
    }
    if scopeIndex != nil { diagnostics += Self.scopeParameterProblems(parameters, file: file) }
    let symbol = FunctionSymbol(
      baseName: baseName, kind: kind, isStatic: SyntaxFacts.isStatic(modifiers), parameters: list, parameterTypes: types,
      access: access, owner: owner, location: file.location(of: nameToken), file: file, scopeParameterIndex: scopeIndex,
      declaration: decl, isInUndecidedCode: undecided, isProtocolRequirement: isProtocol && !hasBody, isLocal: isLocal,
      isFailable: isFailable, genericParameters: generics?.parameters.map(\.name.text) ?? [],
      isSPI: attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "_spi" })
    if let returnType {
      let resolved = resolver.resolve(returnType, in: context(file: file, owner: owner, node: returnType))
      if resolved != .void { symbol.returnType = resolved }
    }
    symbol.declaredImplicits = declaredImplicits(attributes, symbol: symbol, file: file, owner: owner)
    table.register(symbol, declaredBy: decl.id)
    if let owner {
      owner.addMethod(symbol)
    } else if !isLocal {
      symbols.freeFunctions[baseName, default: []].append(symbol)
    }
    if scopeIndex != nil {
      if let refused = DispatchRules.check(symbol, modifiers: modifiers, isProtocol: isProtocol, isExtension: isExtension) {
        report(refused)
      }
      if enableExporting, access >= .public, !symbol.isSPI, !isProtocol {
        report(.exportedWithoutSPI(symbol))
      }
    }
  }

  /// The scope parameter is spelled `_ scope: ImplicitScope` or
  /// `_: ImplicitScope`, once: what is wrong with it, if anything.
  static func scopeParameterProblems(_ parameters: FunctionParameterListSyntax, file: ParsedFile) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    var count = 0
    for parameter in parameters where SyntaxFacts.isImplicitScopeType(parameter.type) {
      count += 1
      let spelledRight = parameter.firstName.tokenKind == .wildcard
        && (parameter.secondName == nil || parameter.secondName?.text == "scope" || parameter.secondName?.tokenKind == .wildcard)
      if !spelledRight { problems.append(.scopeParameterSpelling(at: file.location(of: parameter))) }
      if count == 2 { problems.append(.duplicateScopeParameter(at: file.location(of: parameter))) }
    }
    return problems
  }

  // MARK: Variables

  private func collectVariable(_ variable: VariableDeclSyntax, file: ParsedFile, owner: TypeSymbol?, access: Access, isProtocol: Bool) {
    let isStatic = SyntaxFacts.isStatic(variable.modifiers)
    let implicitAttribute = SyntaxFacts.implicitAttribute(variable.attributes)
    for binding in variable.bindings {
      if let annotation = binding.typeAnnotation?.type, SyntaxFacts.isImplicitScopeType(annotation) {
        report(.storedScope(at: file.location(of: binding)))
      }
      guard let name = SyntaxFacts.boundName(binding.pattern) else { continue }
      let declared = binding.typeAnnotation.map {
        resolver.resolve($0.type, in: context(file: file, owner: owner, node: $0.type))
      }
      let property = PropertySymbol(
        name: name, declaredType: declared, initializer: binding.initializer?.value, isStatic: isStatic, access: access,
        file: file, owner: owner)
      if let owner {
        owner.properties[name] = property
      } else {
        symbols.globalProperties[name, default: []].append(property)
      }
      guard let owner, !isProtocol, !SyntaxFacts.isComputed(binding) else { continue }
      if let attribute = implicitAttribute {
        StoredMembers(collector: self).collectStoredImplicit(
          variable: variable, binding: binding, attribute: attribute, name: name, owner: owner, file: file,
          isStatic: isStatic)
      } else if let value = binding.initializer?.value {
        StoredMembers(collector: self).collectStoredBag(
          value: value, binding: binding, name: name, owner: owner, file: file, isStatic: isStatic)
      }
    }
  }

  // MARK: Types with stored implicits

  private func checkTypesWithStoredImplicits() {
    for type in table.typesByIdentity.values.sorted(by: { $0.identity < $1.identity }) {
      StoredMembers(collector: self).checkInitializers(of: type)
    }
  }
}
