import ImplicitsInterface
import SwiftSyntax

/// The declarations whose bodies become units: functions, initializers,
/// subscripts and deinitializers (with their parameters' default values),
/// accessors and initial values of properties, and the top-level code of
/// `main.swift`.
extension FileBodyWalker {
  func walkDecls(_ decls: [DeclSyntax], owner: TypeSymbol?, undecided: Bool) {
    walk.forEach(decls, undecided: undecided) { decl, undecided in
      walkDecl(decl, owner: owner, undecided: undecided)
    }
  }

  private func walkDecl(_ decl: DeclSyntax, owner: TypeSymbol?, undecided: Bool) {
    if let nominal = NominalDecl(decl) {
      guard let type = declarations.type(declaration: decl.id) else { return }
      walkDecls(nominal.members.map(\.decl), owner: type, undecided: undecided)
    } else if let ext = decl.as(ExtensionDeclSyntax.self) {
      guard let type = declarations.type(declaration: ext.id) else { return }
      let saved = extensionConstraints
      extensionConstraints = [:]
      for requirement in ext.genericWhereClause?.requirements ?? [] {
        guard case .sameTypeRequirement(let same) = requirement.requirement,
          let name = same.leftType.as(TypeSyntax.self)?.as(IdentifierTypeSyntax.self)?.name.text,
          let right = same.rightType.as(TypeSyntax.self)
        else { continue }
        let resolved = resolver.resolve(right, in: TypeContext(file: file, owner: type, node: right, localTypes: localType))
        if resolved.genericName == nil { extensionConstraints[name] = resolved }
      }
      walkDecls(ext.memberBlock.members.map(\.decl), owner: type, undecided: undecided)
      extensionConstraints = saved
    } else if let function = decl.as(FunctionDeclSyntax.self), let symbol = declarations.function(declaration: decl.id) {
      walkDefaultValues(function.signature.parameterClause.parameters, of: symbol, owner: owner)
      guard let body = function.body else { return }
      buildFunctionUnit(symbol, owner: owner) { self.walkBlock(body.statements) }
    } else if let initializer = decl.as(InitializerDeclSyntax.self), let symbol = declarations.function(declaration: decl.id) {
      walkDefaultValues(initializer.signature.parameterClause.parameters, of: symbol, owner: owner)
      guard let body = initializer.body else { return }
      buildFunctionUnit(symbol, owner: owner, initializerBody: body) { self.walkBlock(body.statements) }
    } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self), let symbol = declarations.function(declaration: decl.id) {
      walkDefaultValues(subscriptDecl.parameterClause.parameters, of: symbol, owner: owner)
      guard let accessors = subscriptDecl.accessorBlock else { return }
      buildFunctionUnit(symbol, owner: owner) { self.walkAccessors(accessors) }
    } else if let variable = decl.as(VariableDeclSyntax.self) {
      // Top-level variables of main.swift are statements of its code.
      if owner == nil && file.isMain { return }
      walkPropertyBodies(variable, owner: owner)
    } else if let deinitializer = decl.as(DeinitializerDeclSyntax.self), let body = deinitializer.body {
      let unit = makeUnit(kind: .accessor, name: "deinit of '\(owner?.displayName ?? "?")'", hasScopeParameter: false)
      withUnit(unit, owner: owner, isStatic: false) { self.walkBlock(body.statements) }
    }
  }

  /// Default values of parameters are evaluated where the function is
  /// called, with no scope of their own: a unit without a scope each.
  private func walkDefaultValues(_ parameters: FunctionParameterListSyntax, of symbol: FunctionSymbol, owner: TypeSymbol?) {
    for parameter in parameters {
      guard let value = parameter.defaultValue?.value else { continue }
      let name = (parameter.secondName ?? parameter.firstName).text
      let unit = makeUnit(
        kind: .accessor, name: "default value of '\(name)' in '\(symbol.displayName)'", hasScopeParameter: false)
      withUnit(unit, owner: owner, isStatic: symbol.isStatic) { self.walkExpression(value) }
    }
  }

  func walkAccessors(_ block: AccessorBlockSyntax) {
    switch block.accessors {
    case .getter(let statements):
      walkBlock(statements)
    case .accessors(let accessors):
      for accessor in accessors {
        guard let body = accessor.body else { continue }
        environment.frames.append(Frame(startsUnit: false, region: state.region))
        if let parameter = accessor.parameters?.name.text {
          environment.current.names[parameter] = .value(type: nil)
        } else if accessor.accessorSpecifier.tokenKind == .keyword(.set) {
          environment.current.names["newValue"] = .value(type: nil)
        }
        walkBlock(body.statements)
        environment.frames.removeLast()
      }
    }
  }

  /// Accessors of computed properties and observers, and initial values
  /// (closures in `lazy var x = { … }()`), each a unit without a scope.
  private func walkPropertyBodies(_ variable: VariableDeclSyntax, owner: TypeSymbol?) {
    let isStatic = SyntaxFacts.isStatic(variable.modifiers)
    for binding in variable.bindings {
      let name = SyntaxFacts.boundName(binding.pattern) ?? "_"
      if let accessors = binding.accessorBlock {
        let unit = makeUnit(kind: .accessor, name: "accessor of '\(name)'", hasScopeParameter: false)
        withUnit(unit, owner: owner, isStatic: isStatic) { self.walkAccessors(accessors) }
      }
      if let value = binding.initializer?.value, !storedBagBindings.contains(binding.id) {
        let unit = makeUnit(kind: .accessor, name: "initial value of '\(name)'", hasScopeParameter: false)
        withUnit(unit, owner: owner, isStatic: isStatic) { self.walkExpression(value) }
      }
    }
  }

  func buildTopLevelCode(_ parsed: ParsedFile) {
    let statements = parsed.tree.statements.filter { item in
      guard let decl = item.item.as(DeclSyntax.self) else { return true }
      return decl.is(VariableDeclSyntax.self) || decl.is(IfConfigDeclSyntax.self)
    }
    guard !statements.isEmpty else { return }
    let unit = makeUnit(kind: .topLevel, name: "top-level code", hasScopeParameter: false)
    withUnit(unit, owner: nil, isStatic: false) {
      self.walkStatements(Array(statements))
    }
  }

  /// `initializerBody`: an initializer's body, as walked (the symbol's
  /// declaration may be an earlier version of the file, `DeclarationsCache`).
  func buildFunctionUnit(
    _ symbol: FunctionSymbol, owner: TypeSymbol?, initializerBody: CodeBlockSyntax? = nil, body: () -> Void
  ) {
    let unit = bodyUnit(for: symbol)
    withUnit(unit, owner: owner, isStatic: symbol.isStatic, returnType: symbol.returnType) {
      bindParameters(of: symbol, owner: owner)
      if symbol.kind == .initializer, let owner {
        addStoredReads(for: symbol, owner: owner, body: initializerBody)
      }
      body()
    }
  }

  func bindParameters(of symbol: FunctionSymbol, owner: TypeSymbol?) {
    // A generic parameter constrained to one protocol has the protocol's
    // members (`func show<B: Builder>(_ builders: [B])`).
    var constraints: [String: SemanticType] = [:]
    for name in symbol.genericParameters {
      guard let constraint = SyntaxFacts.genericConstraint(name, in: symbol.declaration) else { continue }
      let resolved = resolver.resolve(constraint, in: TypeContext(file: symbol.file, owner: owner, node: constraint))
      if resolved.lookupIdentity != nil { constraints[name] = .opaque("some " + resolved.identity) }
    }
    for (index, parameter) in symbol.parameterTypes.enumerated() {
      if index == symbol.scopeParameterIndex {
        if parameter.name != "_" { environment.current.names[parameter.name] = .scope }
        continue
      }
      let type = resolver.resolve(
        parameter.type, in: TypeContext(file: symbol.file, owner: owner, node: parameter.type, localTypes: localType))
      environment.current.names[parameter.name] = .value(type: type.substituting(constraints))
    }
    bindNonEscapingParameters(of: symbol)
  }

  /// The reads an initializer makes of its type's stored implicits and bag.
  private func addStoredReads(for symbol: FunctionSymbol, owner: TypeSymbol, body: CodeBlockSyntax?) {
    guard !owner.storedImplicits.isEmpty || !owner.storedBags.isEmpty else { return }
    // A delegating initializer leaves the reads to the one it delegates to.
    if let body, DelegationFinder.delegates(body) { return }
    guard symbol.isScopeTaking else {
      record.diagnostics.append(
        .initializerWithoutScope(symbol, of: owner))
      return
    }
    for stored in owner.storedImplicits {
      emit(.read(stored.key, stored.location, what: .storedProperty(name: stored.propertyName, owner: owner.displayName)))
    }
    for bag in owner.storedBags {
      markCreatedHere(bag)
      emit(.capture(bag, bag.location))
    }
  }
}

/// Whether an initializer body delegates with `self.init(…)`.
enum DelegationFinder {
  static func delegates(_ body: CodeBlockSyntax) -> Bool {
    final class Finder: SyntaxVisitor {
      var found = false
      override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
          let base = member.base, base.trimmedText == "self"
        {
          found = true
        }
        return .visitChildren
      }
      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(body)
    return finder.found
  }
}
