import ImplicitsInterface
import SwiftSyntax

/// Where a local type is declared, for its identity: the unit, the file and
/// the type's name (several of one name there are numbered).
struct LocalTypePlace: Hashable {
  var unit: String
  var fileName: String
  var name: String
}

/// Types, functions and typealiases declared in bodies: visible in their
/// whole block, so registered before its statements are walked.
extension FileBodyWalker {
  /// Types and functions declared in a block are visible in the whole
  /// block: they are registered before its statements are walked.
  func declareLocals(_ items: [CodeBlockItemSyntax]) {
    for item in items {
      guard let decl = item.item.as(DeclSyntax.self) else { continue }
      if let nominal = NominalDecl(decl) {
        declareLocalType(nominal)
      } else if let function = decl.as(FunctionDeclSyntax.self) {
        declareLocalFunction(function)
      } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
        let symbol = TypealiasSymbol(
          name: alias.name.text, target: alias.initializer.value, owner: state.owner, access: .private, file: file,
          genericParameters: alias.genericParameterClause?.parameters.map(\.name.text) ?? [])
        localDeclarations.typealiasesByDeclaration[alias.id] = symbol
        localDeclarations.lexicalTypeNames.insert(symbol.name)
      }
    }
  }

  func declareLocalType(_ nominal: NominalDecl) {
    let place = LocalTypePlace(unit: state.unit.displayName, fileName: file.fileName, name: nominal.name)
    let count = (localTypeCounts[place] ?? 0) + 1
    localTypeCounts[place] = count
    let discriminator = IdentityDiscriminator.local(unit: place.unit, fileName: place.fileName, ordinal: count)
    let type = localNames.register(
      nominal, parent: nil, file: file, ceiling: .private, memberDefault: .private, localDiscriminator: discriminator)
    environment.current.names[nominal.name] = .type(type)
    let members = MemberCollector(
      symbols: symbols, table: localDeclarations, resolver: resolver, walk: walk, enableExporting: enableExporting,
      localTypes: localType)
    members.collectDeclaredInBody(type, members: nominal.members, file: file, undecided: state.region != nil)
    record.diagnostics += members.diagnostics
    for bag in members.storedBags { add(bag) }
    storedBagBindings.formUnion(members.storedBagBindings)
    // Its members' bodies are units of their own: a local type cannot
    // capture the values around it, only name the types around it.
    let saved = environment
    let types = Frame(startsUnit: true, region: state.region)
    for frame in saved.frames {
      for (name, local) in frame.names { if case .type = local { types.names[name] = local } }
    }
    environment = LexicalEnvironment(frames: [types])
    walkDecls(nominal.members.map(\.decl), owner: type, undecided: state.region != nil)
    environment = saved
  }

  func declareLocalFunction(_ function: FunctionDeclSyntax) {
    let (parameters, types, scopeIndex) = FunctionDecl.Parameter.list(
      function.signature.parameterClause.parameters, isSubscript: false
    ) { resolver.resolve($0, in: typeContext(at: $0)) }
    if scopeIndex != nil {
      record.diagnostics += MemberCollector.scopeParameterProblems(function.signature.parameterClause.parameters, file: file)
    }
    let symbol = FunctionSymbol(
      baseName: function.name.text, kind: .function, isStatic: false, parameters: parameters, parameterTypes: types,
      access: .private, owner: nil, location: file.location(of: function.name), file: file,
      scopeParameterIndex: scopeIndex, declaration: DeclSyntax(function), isInUndecidedCode: state.region != nil,
      isProtocolRequirement: false, isLocal: true, isFailable: false,
      genericParameters: function.genericParameterClause?.parameters.map(\.name.text) ?? [], isSPI: false,
      runsInCallersScope: scopeIndex == nil && Self.isOnlyCalledDirectly(function))
    if let returnType = function.signature.returnClause?.type {
      let resolved = resolver.resolve(returnType, in: typeContext(at: returnType))
      if resolved != .void { symbol.returnType = resolved }
    }
    localNames.collectGenericParameterNames(DeclSyntax(function))
    localFunctions[function.id] = symbol
    localFunctionNames.insert(function.name.text)
    if case .functions(let earlier)? = environment.current.names[function.name.text] {
      environment.current.names[function.name.text] = .functions(earlier + [symbol])
    } else {
      environment.current.names[function.name.text] = .functions([symbol])
    }
  }

  /// Builds a local function's body where it is declared: it may use the
  /// values declared before it.
  func walkLocalFunction(_ function: FunctionDeclSyntax) {
    guard let body = function.body, let symbol = localFunctions[function.id] else { return }
    let unit = unit(for: symbol) ?? makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: false)
    stage.functionUnits[symbol] = unit
    withUnit(unit, owner: state.owner, isStatic: state.isStatic, returnType: symbol.returnType) {
      // It runs in its caller's scope: the scopes around it are its own.
      if symbol.runsInCallersScope { environment.current.inheritsScopes = true }
      bindParameters(of: symbol, owner: state.owner)
      walkBlock(body.statements)
    }
  }

  /// Whether every use of a nested function's name in the block that
  /// declares it (and the blocks inside, the clauses of an `#if` around it
  /// among them) is a direct call of it: it never escapes as a value, so it
  /// runs only inside its callers.
  static func isOnlyCalledDirectly(_ function: FunctionDeclSyntax) -> Bool {
    var ancestor = function.parent
    while let node = ancestor, !(node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self)
      || node.is(SwitchCaseSyntax.self) || node.is(SourceFileSyntax.self) || node.is(AccessorBlockSyntax.self))
    {
      ancestor = node.parent
    }
    guard let block = ancestor else { return false }
    let name = function.name.text
    final class Uses: SyntaxVisitor {
      let name: String
      var escapes = false
      init(_ name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
      }
      override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.baseName.text == name else { return .skipChildren }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return .skipChildren }
        escapes = true
        return .skipChildren
      }
    }
    let uses = Uses(name)
    uses.walk(block)
    return !uses.escapes
  }

  /// A call of a nested function that runs in its caller's scope: a call
  /// of its unit in the scope state here, or, where no scope is open (an
  /// escaping closure), a check once requirements are solved.
  func visitCallInCallersScope(_ symbol: FunctionSymbol, call: FunctionCallExprSyntax) {
    guard let unit = unit(for: symbol) else { return }
    let location = file.location(of: call)
    if state.unit.hasScopeParameter || environment.hasLocalScope {
      markCalled(unit)
      emit(.call(CallEvent(target: .unit(unit), location: location, calleeName: symbol.displayName)))
    } else {
      record.scopelessNestedCalls.append((unit, location))
    }
  }
}
