import ImplicitsInterface
import SwiftSyntax

/// Turns every body of the module into a unit: the ordered events that
/// matter to implicits (reads, provides, scope-passing calls, local scopes,
/// bag captures), and reports the rules of use that concern bodies.
final class BodyBuilder {
  let symbols: ModuleSymbols
  let resolver: TypeResolver
  let inference: TypeInference
  let collector: DeclarationCollector
  let evaluator: ConditionEvaluator
  let callResolver: CallResolver
  private let makeBag: (Bag.Kind, SourceLocation, String) -> Bag
  private(set) var units: [Unit] = []
  private(set) var diagnostics: [Diagnostic] = []

  init(
    symbols: ModuleSymbols, resolver: TypeResolver, collector: DeclarationCollector, evaluator: ConditionEvaluator,
    makeBag: @escaping (Bag.Kind, SourceLocation, String) -> Bag
  ) {
    self.symbols = symbols
    self.resolver = resolver
    inference = TypeInference(resolver: resolver)
    self.collector = collector
    self.evaluator = evaluator
    self.makeBag = makeBag
    callResolver = CallResolver(
      symbols: symbols, resolver: resolver, inference: inference, globals: collector.globalProperties)
  }

  // MARK: State of the unit being built

  private struct UnitState {
    var unit: Unit
    var owner: TypeSymbol?
    var isStatic: Bool
    var events: [Event] = []
    /// Open local scopes, innermost last.
    var scopeStack: [LocalScope] = []
    /// Inside an `#if` clause the analyzer cannot decide.
    var undecided = false
    /// Whether "closure uses the enclosing scope" was reported for this unit.
    var reportedOuterScope = false
  }

  private var state: UnitState!
  private var file: ParsedFile!
  private var environment = LexicalEnvironment()

  private func emit(_ event: Event) {
    if let scope = state.scopeStack.last {
      scope.events.append(event)
    } else {
      state.events.append(event)
    }
  }

  private func error(_ message: String, at node: some SyntaxProtocol, notes: [Diagnostic.Note] = []) {
    diagnostics.append(.error(message, at: file.location(of: node), notes: notes))
  }

  private func warning(_ message: String, at node: some SyntaxProtocol) {
    diagnostics.append(.warning(message, at: file.location(of: node)))
  }

  private var context: CallResolver.Context {
    CallResolver.Context(owner: state.owner, isStatic: state.isStatic, environment: environment)
  }

  private var ownerName: String? { state.owner?.qualifiedName }

  /// Runs `body` as the building of a new unit, then restores the enclosing one.
  private func withUnit(_ unit: Unit, owner: TypeSymbol?, isStatic: Bool, _ body: () -> Void) -> Unit {
    let saved = state
    state = UnitState(unit: unit, owner: owner, isStatic: isStatic)
    environment.frames.append(Frame(startsUnit: true))
    body()
    environment.frames.removeLast()
    unit.events = state.events
    units.append(unit)
    state = saved
    return unit
  }

  private var nextUnitID = 0

  private func makeUnit(kind: Unit.Kind, name: String, hasScopeParameter: Bool, in unitFile: ParsedFile? = nil) -> Unit {
    defer { nextUnitID += 1 }
    return Unit(
      id: nextUnitID, kind: kind, displayName: name, file: unitFile ?? file, hasScopeParameter: hasScopeParameter)
  }

  /// Every unit, once `build` is done: those built, then those created for
  /// calls to functions without a body.
  var allUnits: [Unit] {
    let built = Set(units.map(\.id))
    return units + forwardUnits.filter { !built.contains($0.id) }
  }

  // MARK: Declarations

  func build(files: [ParsedFile]) {
    for parsed in files {
      file = parsed
      if parsed.isMain { buildTopLevelCode(parsed) }
      walkDecls(parsed.tree.statements.compactMap { $0.item.as(DeclSyntax.self) }, owner: nil, undecided: false)
    }
  }

  private func forEachDecl(_ decls: some Sequence<DeclSyntax>, undecided: Bool, _ body: (DeclSyntax, Bool) -> Void) {
    for decl in decls {
      if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
        for (clause, status) in evaluator.statuses(of: ifConfig) where status != .inactive {
          switch clause.elements {
          case .decls(let members):
            forEachDecl(members.map(\.decl), undecided: undecided || status == .undecided, body)
          case .statements(let statements):
            forEachDecl(
              statements.compactMap { $0.item.as(DeclSyntax.self) }, undecided: undecided || status == .undecided, body)
          default:
            break
          }
        }
      } else {
        body(decl, undecided)
      }
    }
  }

  private func walkDecls(_ decls: [DeclSyntax], owner: TypeSymbol?, undecided: Bool) {
    forEachDecl(decls, undecided: undecided) { decl, undecided in
      walkDecl(decl, owner: owner, undecided: undecided)
    }
  }

  private func walkDecl(_ decl: DeclSyntax, owner: TypeSymbol?, undecided: Bool) {
    if let nominal = NominalDecl(decl) {
      guard let type = collector.typesByDeclaration[decl.id] else { return }
      _ = nominal
      walkDecls(nominal.members.map(\.decl), owner: type, undecided: undecided)
    } else if let ext = decl.as(ExtensionDeclSyntax.self) {
      guard let type = collector.typesByDeclaration[ext.id] else { return }
      walkDecls(ext.memberBlock.members.map(\.decl), owner: type, undecided: undecided)
    } else if let function = decl.as(FunctionDeclSyntax.self), let body = function.body,
      let symbol = collector.functionsByDeclaration[decl.id]
    {
      buildFunctionUnit(symbol, owner: owner, undecided: undecided) { self.walkBlock(body.statements) }
    } else if let initializer = decl.as(InitializerDeclSyntax.self), let body = initializer.body,
      let symbol = collector.functionsByDeclaration[decl.id]
    {
      buildFunctionUnit(symbol, owner: owner, undecided: undecided) { self.walkBlock(body.statements) }
    } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self), let accessors = subscriptDecl.accessorBlock,
      let symbol = collector.functionsByDeclaration[decl.id]
    {
      buildFunctionUnit(symbol, owner: owner, undecided: undecided) { self.walkAccessors(accessors) }
    } else if let variable = decl.as(VariableDeclSyntax.self) {
      // Top-level variables of main.swift are statements of its code.
      if owner == nil && file.isMain { return }
      walkPropertyBodies(variable, owner: owner)
    } else if let deinitializer = decl.as(DeinitializerDeclSyntax.self), let body = deinitializer.body {
      let unit = makeUnit(kind: .accessor, name: "deinit of '\(owner?.qualifiedName ?? "?")'", hasScopeParameter: false)
      _ = withUnit(unit, owner: owner, isStatic: false) { self.walkBlock(body.statements) }
    }
  }

  private func walkAccessors(_ block: AccessorBlockSyntax) {
    switch block.accessors {
    case .getter(let statements):
      walkBlock(statements)
    case .accessors(let accessors):
      for accessor in accessors {
        guard let body = accessor.body else { continue }
        environment.frames.append(Frame(startsUnit: false))
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
        _ = withUnit(unit, owner: owner, isStatic: isStatic) { self.walkAccessors(accessors) }
      }
      if let value = binding.initializer?.value, collector.bagsByBinding[binding.id] == nil {
        let unit = makeUnit(kind: .accessor, name: "initial value of '\(name)'", hasScopeParameter: false)
        _ = withUnit(unit, owner: owner, isStatic: isStatic) { self.walkExpression(value) }
      }
    }
  }

  private func buildTopLevelCode(_ parsed: ParsedFile) {
    let statements = parsed.tree.statements.filter { item in
      guard let decl = item.item.as(DeclSyntax.self) else { return true }
      return decl.is(VariableDeclSyntax.self) || decl.is(IfConfigDeclSyntax.self)
    }
    guard !statements.isEmpty else { return }
    let unit = makeUnit(kind: .topLevel, name: "top-level code", hasScopeParameter: false)
    _ = withUnit(unit, owner: nil, isStatic: false) {
      self.walkStatements(Array(statements), topLevelOfMain: true)
    }
  }

  private func buildFunctionUnit(_ symbol: FunctionSymbol, owner: TypeSymbol?, undecided: Bool, body: @escaping () -> Void) {
    let unit = symbol.unit ?? makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: symbol.isScopeTaking)
    symbol.unit = unit
    _ = withUnit(unit, owner: owner, isStatic: symbol.isStatic) {
      for (index, parameter) in symbol.parameterTypes.enumerated() {
        if index == symbol.scopeParameterIndex {
          if parameter.name == "scope" { environment.current.names["scope"] = .scope }
          continue
        }
        environment.current.names[parameter.name] = .value(type: resolver.canonical(parameter.type, in: owner?.qualifiedName))
      }
      if symbol.kind == .initializer, let owner {
        addStoredReads(for: symbol, owner: owner)
      }
      body()
    }
  }

  /// The reads an initializer makes of its type's stored implicits and bag.
  private func addStoredReads(for symbol: FunctionSymbol, owner: TypeSymbol) {
    guard !owner.storedImplicits.isEmpty || !owner.storedBags.isEmpty else { return }
    if let initializer = symbol.declaration.as(InitializerDeclSyntax.self), let body = initializer.body,
      DelegationFinder.delegates(body)
    {
      symbol.isDelegatingInitializer = true
      return
    }
    guard symbol.isScopeTaking else {
      diagnostics.append(
        .error(
          "Initializer '\(symbol.signature)' of '\(owner.qualifiedName)' reads the stored implicits of "
            + "'\(owner.qualifiedName)' but takes no ImplicitScope; add a '_ scope: ImplicitScope' parameter "
            + "or delegate to an initializer that takes one",
          at: symbol.location))
      return
    }
    for stored in owner.storedImplicits {
      emit(.read(stored.key, stored.location, what: "stored property '\(stored.propertyName)' of '\(owner.qualifiedName)'"))
    }
    for bag in owner.storedBags {
      bag.creators.insert(state.unit.id)
      emit(.capture(bag, bag.location))
    }
  }

  // MARK: Statements

  private func walkBlock(_ items: CodeBlockItemListSyntax) {
    environment.frames.append(Frame(startsUnit: false))
    walkStatements(Array(items), topLevelOfMain: false)
    closeScopes(of: environment.current)
    environment.frames.removeLast()
  }

  private func closeScopes(of frame: Frame) {
    for _ in frame.openScopes { state.scopeStack.removeLast() }
    frame.openScopes.removeAll()
  }

  private func walkStatements(_ items: [CodeBlockItemSyntax], topLevelOfMain: Bool) {
    var index = 0
    var consumedDefer: SyntaxIdentifier?
    while index < items.count {
      let item = items[index]
      defer { index += 1 }
      if item.id == consumedDefer { continue }
      switch item.item {
      case .decl(let decl):
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
          walkIfConfigStatements(ifConfig, topLevelOfMain: topLevelOfMain)
        } else if let variable = decl.as(VariableDeclSyntax.self),
          let creation = ScopeCreation(variable)
        {
          let next = index + 1 < items.count ? items[index + 1] : nil
          if openLocalScope(creation, variable: variable, next: next) { consumedDefer = next?.id }
        } else {
          walkLocalDecl(decl)
        }
      case .stmt(let statement):
        walkStatement(statement)
      case .expr(let expression):
        walkExpression(expression)
      }
    }
  }

  private func walkIfConfigStatements(_ ifConfig: IfConfigDeclSyntax, topLevelOfMain: Bool) {
    for (clause, status) in evaluator.statuses(of: ifConfig) where status != .inactive {
      guard case .statements(let statements) = clause.elements else { continue }
      let saved = state.undecided
      state.undecided = saved || status == .undecided
      walkStatements(Array(statements), topLevelOfMain: topLevelOfMain)
      state.undecided = saved
    }
  }

  private func walkStatement(_ statement: StmtSyntax) {
    if let guardStatement = statement.as(GuardStmtSyntax.self) {
      walkConditions(guardStatement.conditions, bindInto: environment.current)
      walkBlock(guardStatement.body.statements)
      return
    }
    if let deferStatement = statement.as(DeferStmtSyntax.self) {
      if Self.isEndCall(deferStatement.body.statements) {
        error(
          "'defer { scope.end() }' belongs right after the 'let scope = …' it ends; a function ends only the scopes it created",
          at: deferStatement)
        return
      }
      walkBlock(deferStatement.body.statements)
      return
    }
    if let forStatement = statement.as(ForStmtSyntax.self) {
      walkExpression(forStatement.sequence)
      if let whereClause = forStatement.whereClause { walkExpression(whereClause.condition) }
      environment.frames.append(Frame(startsUnit: false))
      bindPattern(forStatement.pattern, type: nil)
      walkBlock(forStatement.body.statements)
      environment.frames.removeLast()
      return
    }
    if let whileStatement = statement.as(WhileStmtSyntax.self) {
      environment.frames.append(Frame(startsUnit: false))
      walkConditions(whileStatement.conditions, bindInto: environment.current)
      walkBlock(whileStatement.body.statements)
      environment.frames.removeLast()
      return
    }
    if let repeatStatement = statement.as(RepeatStmtSyntax.self) {
      walkBlock(repeatStatement.body.statements)
      walkExpression(repeatStatement.condition)
      return
    }
    if let doStatement = statement.as(DoStmtSyntax.self) {
      walkBlock(doStatement.body.statements)
      for clause in doStatement.catchClauses {
        environment.frames.append(Frame(startsUnit: false))
        environment.current.names["error"] = .value(type: nil)
        walkBlock(clause.body.statements)
        environment.frames.removeLast()
      }
      return
    }
    if let expressionStatement = statement.as(ExpressionStmtSyntax.self) {
      walkExpression(expressionStatement.expression)
      return
    }
    if let labeled = statement.as(LabeledStmtSyntax.self) {
      walkStatement(labeled.statement)
      return
    }
    // return, throw, discard, yield and the rest: their expressions.
    walkChildren(Syntax(statement))
  }

  private func walkConditions(_ conditions: ConditionElementListSyntax, bindInto frame: Frame) {
    for element in conditions {
      switch element.condition {
      case .expression(let expression):
        walkExpression(expression)
      case .optionalBinding(let binding):
        if let value = binding.initializer?.value { walkExpression(value) }
        let type = binding.typeAnnotation.map { resolver.canonical($0.type, in: ownerName) }
          ?? binding.initializer.flatMap { callResolver.valueType(of: $0.value, context: context) }
          ?? (binding.initializer == nil ? bindingShorthandType(binding.pattern) : nil)
        if let name = SyntaxFacts.boundName(binding.pattern) { frame.names[name] = .value(type: type) }
      case .matchingPattern(let pattern):
        walkExpression(pattern.initializer.value)
        bindPattern(pattern.pattern, type: nil)
      default:
        walkChildren(Syntax(element))
      }
    }
  }

  /// `if let x {` binds `x` with the unwrapped type of the outer `x`.
  private func bindingShorthandType(_ pattern: PatternSyntax) -> String? {
    guard let name = SyntaxFacts.boundName(pattern), case .value(let type) = environment.lookup(name) else { return nil }
    return type.map(CallResolver.lookupName)
  }

  private func bindPattern(_ pattern: PatternSyntax, type: String?) {
    if let name = SyntaxFacts.boundName(pattern) {
      environment.current.names[name] = .value(type: type)
      return
    }
    for token in pattern.tokens(viewMode: .sourceAccurate) {
      if case .identifier = token.tokenKind { environment.current.names[token.text] = .value(type: nil) }
    }
  }

  // MARK: Local declarations

  private func walkLocalDecl(_ decl: DeclSyntax) {
    if let variable = decl.as(VariableDeclSyntax.self) {
      walkLocalVariable(variable)
    } else if let function = decl.as(FunctionDeclSyntax.self) {
      walkLocalFunction(function)
    } else if NominalDecl(decl) != nil || decl.is(ExtensionDeclSyntax.self) {
      // Types declared in a body: their members are units of their own.
      if let nominal = NominalDecl(decl) {
        let local = TypeSymbol(
          qualifiedName: nominal.name, kind: nominal.kind, isDeclaredHere: true, isFinal: nominal.isFinal, access: .private)
        walkLocalTypeMembers(nominal.members, owner: local)
      }
    }
  }

  private func walkLocalTypeMembers(_ members: MemberBlockItemListSyntax, owner: TypeSymbol) {
    for member in members {
      if let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body {
        let unit = makeUnit(kind: .closure, name: "\(owner.qualifiedName).\(function.name.text)", hasScopeParameter: false)
        _ = withUnit(unit, owner: owner, isStatic: false) {
          self.bindParameters(function.signature.parameterClause.parameters)
          self.walkBlock(body.statements)
        }
      }
    }
  }

  private func bindParameters(_ parameters: FunctionParameterListSyntax) {
    for parameter in parameters where !SyntaxFacts.isImplicitScopeType(parameter.type) {
      let name = (parameter.secondName ?? parameter.firstName).text
      environment.current.names[name] = .value(type: resolver.canonical(parameter.type, in: ownerName))
    }
  }

  private func walkLocalFunction(_ function: FunctionDeclSyntax) {
    guard let body = function.body else { return }
    let parameters = function.signature.parameterClause.parameters
    var parameterList: [FunctionDecl.Parameter] = []
    var parameterTypes: [(name: String, type: TypeSyntax)] = []
    var scopeIndex: Int?
    for (index, parameter) in parameters.enumerated() {
      let isScope = SyntaxFacts.isImplicitScopeType(parameter.type)
      if isScope && scopeIndex == nil { scopeIndex = index }
      parameterList.append(
        FunctionDecl.Parameter(
          label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
          hasDefault: parameter.defaultValue != nil, isScope: isScope))
      parameterTypes.append(((parameter.secondName ?? parameter.firstName).text, parameter.type))
    }
    let symbol = FunctionSymbol(
      baseName: function.name.text, kind: .function, isStatic: false, parameters: parameterList,
      parameterTypes: parameterTypes, access: .private, owner: nil, ownerName: nil,
      location: file.location(of: function.name), file: file, scopeParameterIndex: scopeIndex,
      declaration: DeclSyntax(function), isInUndecidedCode: state.undecided, isProtocolRequirement: false)
    // Visible to itself (recursion) and to what follows.
    environment.current.names[function.name.text] = .function(symbol)
    let unit = makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: symbol.isScopeTaking)
    symbol.unit = unit
    let owner = state.owner
    let isStatic = state.isStatic
    _ = withUnit(unit, owner: owner, isStatic: isStatic) {
      for (index, parameter) in parameterTypes.enumerated() {
        if index == scopeIndex {
          if parameter.name == "scope" { environment.current.names["scope"] = .scope }
          continue
        }
        environment.current.names[parameter.name] = .value(type: resolver.canonical(parameter.type, in: owner?.qualifiedName))
      }
      walkBlock(body.statements)
    }
  }

  private func walkLocalVariable(_ variable: VariableDeclSyntax) {
    if let attribute = SyntaxFacts.implicitAttribute(variable.attributes) {
      walkImplicitVariable(variable, attribute: attribute)
      return
    }
    for binding in variable.bindings {
      let name = SyntaxFacts.boundName(binding.pattern)
      if let value = binding.initializer?.value {
        if let macro = SyntaxFacts.bagMacro(value), let name {
          let location = file.location(of: macro)
          let bag = makeBag(.macro(fileName: file.fileName, line: location.line, column: location.column), location, name)
          captureBag(bag, at: location)
          environment.current.names[name] = .bag(bag)
          continue
        }
        if let call = SyntaxFacts.isExplicitBag(value), let name {
          if let keys = collector.explicitBagKeys(call, context: ownerName, file: file) {
            let bag = makeBag(.explicit(keys), file.location(of: call), name)
            captureBag(bag, at: file.location(of: call))
            environment.current.names[name] = .bag(bag)
          }
          continue
        }
        walkExpression(value)
      }
      let type = binding.typeAnnotation.map { resolver.canonical($0.type, in: ownerName) }
        ?? binding.initializer.flatMap { inferLocalType($0.value) }
      if let name {
        environment.current.names[name] = .value(type: type)
      } else {
        bindPattern(binding.pattern, type: nil)
      }
      if let accessors = binding.accessorBlock { walkAccessors(accessors) }
    }
  }

  private func inferLocalType(_ value: ExprSyntax) -> String? {
    inference.inferredType(of: value, in: ownerName) ?? callResolver.valueType(of: value, context: context)
  }

  private func captureBag(_ bag: Bag, at location: SourceLocation) {
    bag.creators.insert(state.unit.id)
    emit(.capture(bag, location))
  }

  private func walkImplicitVariable(_ variable: VariableDeclSyntax, attribute: AttributeSyntax) {
    let location = file.location(of: variable)
    if SyntaxFacts.hasWrapperBeforeImplicit(variable.attributes) {
      error("@Implicit must be the outermost property wrapper", at: variable)
    }
    guard let binding = variable.bindings.first else { return }
    let name = SyntaxFacts.boundName(binding.pattern)
    if let value = binding.initializer?.value {
      walkExpression(value)
      if binding.pattern.is(WildcardPatternSyntax.self) {
        warning("An anonymous @Implicit ('var _') provides a value that no code here can read back by name; give it a name", at: variable)
      }
      let key: ImplicitKeyRef?
      switch SyntaxFacts.namedKeyArgument(of: attribute) {
      case .some(.some(let keyName)):
        key = collector.namedKey(keyName, location: location)
      case .some(.none):
        if let annotation = binding.typeAnnotation?.type {
          key = resolver.typeKey(annotation, in: ownerName)
        } else if let inferred = inference.inferredType(of: value, in: ownerName) ?? declaredLocalType(value) {
          key = .type(inferred)
        } else {
          error(
            "Unable to infer implicit key: add a type annotation ('@Implicit var \(name ?? "x"): Type = …') or use a named key",
            at: variable)
          key = nil
        }
      case .none:
        error("@Implicit takes a named key as '\\.name'", at: attribute)
        key = nil
      }
      if let name {
        environment.current.names[name] = .value(type: key.flatMap { $0.kind == .type ? $0.spelling : namedKeyType($0) })
      }
      guard let key else { return }
      if checkProvideAllowed(at: variable) { emit(.provide(key, location)) }
    } else {
      guard
        let key = collector.keyOfRead(
          attribute: attribute, annotation: binding.typeAnnotation?.type, context: ownerName, location: location, file: file)
      else { return }
      if let name {
        environment.current.names[name] = .value(type: key.kind == .type ? key.spelling : namedKeyType(key))
      }
      if checkReadAllowed(at: variable) {
        emit(.read(key, location, what: ""))
      }
    }
  }

  /// The declared type of a local value the expression names
  /// (`let handler: (Response) -> Void = …` then `@Implicit var h = handler`).
  private func declaredLocalType(_ value: ExprSyntax) -> String? {
    guard let reference = value.as(DeclReferenceExprSyntax.self),
      case .value(let type) = environment.lookup(reference.baseName.text)
    else { return nil }
    return type
  }

  private func namedKeyType(_ key: ImplicitKeyRef) -> String? {
    symbols.namedKeys[key.spelling]?.valueType ?? resolver.upstream.namedKey(key.spelling)?.decl.valueType
  }

  // MARK: Rules of use

  /// Reads need a scope: a scope parameter or a local scope of this unit.
  private func checkReadAllowed(at node: some SyntaxProtocol) -> Bool {
    if state.unit.hasScopeParameter || environment.hasLocalScope { return true }
    reportMissingScope(at: node, what: "Reading implicits")
    return false
  }

  private func reportMissingScope(at node: some SyntaxProtocol, what: String) {
    if case .closure = state.unit.kind {
      error(
        "\(what) in a closure needs a scope of the closure's own: capture a bag with '[implicits = #implicits]' "
          + "and reopen it with 'let scope = ImplicitScope(with: implicits)'",
        at: node)
    } else {
      error(
        "\(what) requires a scope: take '_ scope: ImplicitScope' as a parameter or open a local scope", at: node)
    }
  }

  /// Provides need a local scope opened in this very block, in code the
  /// analyzer can decide.
  private func checkProvideAllowed(at node: some SyntaxProtocol) -> Bool {
    if state.undecided {
      error(
        "Providing implicits inside an '#if' whose condition the analyzer cannot decide is not allowed, since either "
          + "branch may be the one compiled; provide outside the '#if' or use a -D condition",
        at: node)
      return false
    }
    if environment.current.opensScope { return true }
    if environment.hasLocalScope || state.unit.hasScopeParameter {
      error(
        "Providing implicits requires a local scope opened in this block: add 'let scope = scope.nested()' and "
          + "'defer { scope.end() }' before it",
        at: node)
    } else {
      reportMissingScope(at: node, what: "Providing implicits")
    }
    return false
  }

  // MARK: Local scopes

  /// `let scope = ImplicitScope()`, `scope.nested()`, `ImplicitScope(with: bag)`.
  private struct ScopeCreation {
    enum Kind {
      case root
      case nested
      case bag(ExprSyntax?)
    }

    var kind: Kind
    var binding: PatternBindingSyntax
    var expression: ExprSyntax

    init?(_ variable: VariableDeclSyntax) {
      guard variable.bindings.count == 1, let binding = variable.bindings.first,
        let value = binding.initializer?.value, let kind = Self.kind(of: value)
      else { return nil }
      self.kind = kind
      self.binding = binding
      expression = value
    }

    static func kind(of expression: ExprSyntax) -> Kind? {
      guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
      if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), callee.baseName.text == "ImplicitScope" {
        if call.arguments.isEmpty { return .root }
        if call.arguments.first?.label?.text == "with" { return .bag(call.arguments.first?.expression) }
        return nil
      }
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "nested",
        call.arguments.isEmpty, let base = member.base, base.as(DeclReferenceExprSyntax.self) != nil
      {
        return .nested
      }
      return nil
    }
  }

  /// Opens a local scope for the rest of the current block. Returns whether
  /// the statement after it is the `defer { scope.end() }` it owns.
  private func openLocalScope(_ creation: ScopeCreation, variable: VariableDeclSyntax, next: CodeBlockItemSyntax?) -> Bool {
    let location = file.location(of: variable)
    var ownsDefer = false
    if variable.bindingSpecifier.tokenKind != .keyword(.let) || SyntaxFacts.boundName(creation.binding.pattern) != "scope" {
      error("A local scope is a 'let' named 'scope': write 'let scope = …'", at: variable)
    }
    let boundName = SyntaxFacts.boundName(creation.binding.pattern) ?? "scope"
    if let next, let deferStatement = next.item.as(DeferStmtSyntax.self) {
      if Self.isEndCall(deferStatement.body.statements, name: boundName) {
        ownsDefer = true
      } else if deferStatement.body.statements.contains(where: { Self.isEndStatement($0, name: boundName) }) {
        ownsDefer = true
        error("'defer { scope.end() }' must hold nothing else", at: deferStatement)
      }
    }
    if !ownsDefer {
      error("A local scope must be followed by 'defer { scope.end() }'", at: variable)
    }
    if state.undecided {
      error(
        "Creating a scope inside an '#if' whose condition the analyzer cannot decide is not allowed, since either "
          + "branch may be the one compiled; create it outside the '#if' or use a -D condition",
        at: variable)
    }
    if environment.current.opensScope {
      error("A block opens at most one local scope; open another one in a nested block", at: variable)
    }
    let scopeExists = state.unit.hasScopeParameter || environment.hasLocalScope
    let kind: LocalScope.Kind
    switch creation.kind {
    case .root:
      if scopeExists {
        error("A scope already exists here: use 'let scope = scope.nested()' instead of a new root scope", at: variable)
      }
      kind = .root
    case .nested:
      if !scopeExists {
        if environment.outerUnitHasScopeName, case .closure = state.unit.kind {
          reportOuterScope(at: variable)
        } else {
          error(
            "There is no scope to nest here: take '_ scope: ImplicitScope' as a parameter or open a root scope with "
              + "'let scope = ImplicitScope()'",
            at: variable)
        }
      }
      kind = .nested
    case .bag(let argument):
      guard let bag = reopenedBag(argument, at: variable) else {
        // Still a scope for what follows, so that its reads are not misreported.
        kind = .root
        break
      }
      kind = .bag(bag)
    }
    let scope = LocalScope(kind: kind, location: location)
    emit(.scope(scope))
    state.scopeStack.append(scope)
    environment.current.openScopes.append(scope)
    environment.current.opensScope = true
    environment.current.names["scope"] = .scope
    return ownsDefer
  }

  /// The bag that `ImplicitScope(with: name)` reopens.
  private func reopenedBag(_ argument: ExprSyntax?, at node: some SyntaxProtocol) -> Bag? {
    var name: String?
    if let argument {
      if let reference = argument.as(DeclReferenceExprSyntax.self) {
        name = reference.baseName.text
      } else if let member = argument.as(MemberAccessExprSyntax.self),
        member.base?.trimmedDescription == "self"
      {
        name = member.declName.baseName.text
      }
    }
    guard let name else {
      error("ImplicitScope(with:) takes the bag's identifier (the name it was captured as)", at: node)
      return nil
    }
    if case .bag(let bag) = environment.lookup(name) {
      bag.reopenCount += 1
      return bag
    }
    var type = state.owner
    while let current = type {
      if let bag = current.storedBags.first(where: { $0.name == name }) {
        bag.reopenCount += 1
        return bag
      }
      type = current.superclass.flatMap { symbols.types[$0] }
    }
    error("No bag named '\(name)' to reopen here: capture one with '[\(name) = #implicits]' or 'let \(name) = #implicits'", at: node)
    return nil
  }

  private static func isEndStatement(_ item: CodeBlockItemSyntax, name: String = "scope") -> Bool {
    guard case .expr(let expression) = item.item, let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "end",
      let base = member.base, SyntaxFacts.isIdentifier(base, name), call.arguments.isEmpty
    else { return false }
    return true
  }

  private static func isEndCall(_ items: CodeBlockItemListSyntax, name: String = "scope") -> Bool {
    items.count == 1 && items.first.map { isEndStatement($0, name: name) } == true
  }

  private func reportOuterScope(at node: some SyntaxProtocol) {
    guard !state.reportedOuterScope else { return }
    state.reportedOuterScope = true
    error(
      "A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and "
        + "reopen it with 'let scope = ImplicitScope(with: implicits)'",
      at: node)
  }

  // MARK: Expressions

  func walkExpression(_ expression: ExprSyntax) {
    ExpressionWalker(builder: self).walk(expression)
  }

  fileprivate func walkChildren(_ node: Syntax) {
    ExpressionWalker(builder: self).walk(node)
  }

  /// Handles a call; returns whether its children were walked already.
  fileprivate func visitCall(_ call: FunctionCallExprSyntax) -> Bool {
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    if let name = Self.simpleName(callee), name == "withScope" || name == "Implicits.withScope" {
      return visitWithScope(call)
    }
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "map",
      let base = member.base, ["Implicit", "Implicits.Implicit"].contains(base.trimmedDescription)
    {
      visitMap(call)
      return true
    }
    if ScopeCreation.kind(of: ExprSyntax(call)) != nil {
      error("A local scope must be created at the top level of its block as 'let scope = …'", at: call)
      return false
    }
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "end",
      let base = member.base, SyntaxFacts.isIdentifier(base, "scope"), call.arguments.isEmpty
    {
      error(
        "'scope.end()' belongs in 'defer { scope.end() }' right after 'let scope = …'; a function ends only the scopes it created",
        at: call)
      return true
    }
    if SyntaxFacts.isExplicitBag(ExprSyntax(call)) != nil {
      if let keys = collector.explicitBagKeys(call, context: ownerName, file: file) {
        let bag = makeBag(.explicit(keys), file.location(of: call), "")
        bag.reopenCount = 1  // not reopened by name; never reported unused
        captureBag(bag, at: file.location(of: call))
      }
      return false
    }
    // Arguments first: their calls happen before this one.
    ExpressionWalker(builder: self).walkChildren(of: Syntax(call))
    guard call.arguments.contains(where: { SyntaxFacts.isIdentifier($0.expression, "scope") }) else { return true }
    let arguments = CallResolver.Arguments(
      labels: call.arguments.map { $0.label?.text },
      trailingClosures: (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count)
    resolveAndEmit(
      resolution: callResolver.resolveCall(callee: call.calledExpression, arguments: arguments, context: context),
      name: Self.calleeName(callee) + arguments.signatureSuffix, at: Self.calleeNode(callee) ?? Syntax(call))
    return true
  }

  fileprivate func visitSubscript(_ call: SubscriptCallExprSyntax) {
    ExpressionWalker(builder: self).walkChildren(of: Syntax(call))
    guard call.arguments.contains(where: { SyntaxFacts.isIdentifier($0.expression, "scope") }) else { return }
    let arguments = CallResolver.Arguments(
      labels: call.arguments.map { $0.label?.text },
      trailingClosures: (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count)
    resolveAndEmit(
      resolution: callResolver.resolveSubscript(base: call.calledExpression, arguments: arguments, context: context),
      name: "subscript" + arguments.signatureSuffix, at: Syntax(call))
  }

  private func resolveAndEmit(resolution: CallResolver.Resolution, name: String, at node: Syntax) {
    guard scopeArgumentAllowed(at: node) else { return }
    switch resolution {
    case .unresolved:
      error("Unresolved symbol '\(name)'", at: node)
    case .ambiguous(let candidates):
      error(
        "Ambiguous use of '\(name)'", at: node,
        notes: candidates.map { candidate in
          switch candidate {
          case .local(let symbol):
            Diagnostic.Note(location: symbol.location, message: "found this candidate: '\(symbol.displayName)'")
          case .upstream(let decl, let module):
            Diagnostic.Note(
              location: file.location(of: node), message: "found this candidate in module '\(module)': '\(decl.qualifiedSignature)'")
          }
        })
    case .resolved(let candidates):
      let location = file.location(of: node)
      var units: [Unit] = []
      for candidate in candidates {
        switch candidate {
        case .local(let symbol):
          guard let unit = symbol.unit ?? pendingUnit(for: symbol) else { continue }
          units.append(unit)
        case .upstream(let decl, let module):
          emit(.call(CallEvent(target: .upstream(decl, module: module), location: location, calleeName: displayName(decl))))
        }
      }
      guard !units.isEmpty else { return }
      for unit in units { unit.dependents.insert(state.unit.id) }
      let callee = units[0].displayName
      emit(.call(CallEvent(target: units.count == 1 ? .unit(units[0]) : .units(units), location: location, calleeName: callee)))
    }
  }

  /// Functions whose bodies come later get their unit now, filled in when
  /// their declaration is reached.
  private func pendingUnit(for symbol: FunctionSymbol) -> Unit? {
    guard symbol.isScopeTaking else { return nil }
    if let unit = symbol.unit { return unit }
    let unit = makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: true, in: symbol.file)
    symbol.unit = unit
    forwardUnits.append(unit)
    return unit
  }

  /// Units created for calls to functions not built yet.
  private(set) var forwardUnits: [Unit] = []

  private func displayName(_ decl: FunctionDecl) -> String {
    (decl.owner.map { $0 + "." } ?? "") + decl.signature
  }

  /// Passing `scope` needs a scope of this unit.
  private func scopeArgumentAllowed(at node: Syntax) -> Bool {
    if environment.unitHasScopeName { return true }
    if environment.outerUnitHasScopeName, case .closure = state.unit.kind {
      reportOuterScope(at: node)
      return false
    }
    reportMissingScope(at: node, what: "Passing a scope")
    return false
  }

  /// `withScope { scope in … }` and `withScope(with: bag) { scope in … }`:
  /// the closure runs right here, in a scope of its own.
  private func visitWithScope(_ call: FunctionCallExprSyntax) -> Bool {
    let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
    guard let closure else { return false }
    for argument in call.arguments where argument.expression.as(ClosureExprSyntax.self) == nil {
      if argument.label?.text != "with" { walkExpression(argument.expression) }
    }
    let location = file.location(of: call)
    if state.undecided {
      error(
        "Creating a scope inside an '#if' whose condition the analyzer cannot decide is not allowed, since either "
          + "branch may be the one compiled; create it outside the '#if' or use a -D condition",
        at: call)
    }
    let kind: LocalScope.Kind
    if let with = call.arguments.first(where: { $0.label?.text == "with" }) {
      guard let bag = reopenedBag(with.expression, at: call) else { return true }
      kind = .bag(bag)
    } else {
      if state.unit.hasScopeParameter || environment.hasLocalScope {
        error("A scope already exists here: use 'let scope = scope.nested()' instead of a new root scope", at: call)
      }
      kind = .root
    }
    let scope = LocalScope(kind: kind, location: location)
    emit(.scope(scope))
    state.scopeStack.append(scope)
    environment.frames.append(Frame(startsUnit: false))
    environment.current.opensScope = true
    environment.current.openScopes.append(scope)
    if let parameters = closure.signature?.parameterClause {
      let names: [String]
      switch parameters {
      case .simpleInput(let list): names = list.map(\.name.text)
      case .parameterClause(let clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
      }
      if let first = names.first { environment.current.names[first] = .scope }
    }
    walkStatements(Array(closure.statements), topLevelOfMain: false)
    closeScopes(of: environment.current)
    environment.frames.removeLast()
    return true
  }

  /// `Implicit.map(Source, to: Target) { … }`: reads the source, provides
  /// the target.
  private func visitMap(_ call: FunctionCallExprSyntax) {
    for argument in call.arguments {
      if let closure = argument.expression.as(ClosureExprSyntax.self) { visitClosure(closure) }
    }
    if let closure = call.trailingClosure { visitClosure(closure) }
    let arguments = Array(call.arguments)
    guard arguments.count >= 2, arguments[0].label == nil, arguments[1].label?.text == "to",
      let source = mapKey(arguments[0].expression), let target = mapKey(arguments[1].expression)
    else {
      error("Implicit.map takes its keys as 'Type.self' or '\\.name': Implicit.map(A.self, to: \\.b) { … }", at: call)
      return
    }
    let location = file.location(of: call)
    if checkReadAllowed(at: call) {
      emit(.read(source, location, what: "Implicit.map"))
    }
    if checkProvideAllowed(at: call) {
      emit(.provide(target, location))
    }
  }

  private func mapKey(_ expression: ExprSyntax) -> ImplicitKeyRef? {
    if let name = SyntaxFacts.keyPathName(expression) {
      return collector.namedKey(name, location: file.location(of: expression))
    }
    if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base, let type = resolver.typeSyntax(fromExpression: base)
    {
      return resolver.typeKey(type, in: ownerName)
    }
    return nil
  }

  /// A closure is a unit of its own. A `[name = #implicits]` capture
  /// creates a bag here, which the closure reopens.
  fileprivate func visitClosure(_ closure: ClosureExprSyntax) {
    var captured: [(String, Bag)] = []
    if let captures = closure.signature?.capture?.items {
      for item in captures {
        guard let value = SyntaxFacts.captureValue(item) else { continue }
        guard let macro = SyntaxFacts.bagMacro(value) else {
          walkExpression(value)
          continue
        }
        let name = SyntaxFacts.captureName(item) ?? "implicits"
        let location = file.location(of: macro)
        let bag = makeBag(.macro(fileName: file.fileName, line: location.line, column: location.column), location, name)
        captureBag(bag, at: location)
        captured.append((name, bag))
      }
    }
    let enclosing = state.unit.displayName
    let unit = makeUnit(kind: .closure, name: "closure in '\(enclosing)'", hasScopeParameter: false)
    let owner = state.owner
    let isStatic = state.isStatic
    _ = withUnit(unit, owner: owner, isStatic: isStatic) {
      for (name, bag) in captured { environment.current.names[name] = .bag(bag) }
      if let parameters = closure.signature?.parameterClause {
        switch parameters {
        case .simpleInput(let list):
          for parameter in list { environment.current.names[parameter.name.text] = .value(type: nil) }
        case .parameterClause(let clause):
          for parameter in clause.parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            environment.current.names[name] = .value(type: parameter.type.map { resolver.canonical($0, in: owner?.qualifiedName) })
          }
        }
      }
      walkStatements(Array(closure.statements), topLevelOfMain: false)
      closeScopes(of: environment.current)
    }
  }

  fileprivate func visitIf(_ node: IfExprSyntax) {
    environment.frames.append(Frame(startsUnit: false))
    walkConditions(node.conditions, bindInto: environment.current)
    walkBlock(node.body.statements)
    environment.frames.removeLast()
    switch node.elseBody {
    case .ifExpr(let elseIf): visitIf(elseIf)
    case .codeBlock(let block): walkBlock(block.statements)
    case nil: break
    }
  }

  fileprivate func visitSwitch(_ node: SwitchExprSyntax) {
    walkExpression(node.subject)
    for element in node.cases {
      switch element {
      case .switchCase(let switchCase):
        environment.frames.append(Frame(startsUnit: false))
        if case .case(let label) = switchCase.label {
          for item in label.caseItems { bindPattern(item.pattern, type: nil) }
        }
        walkBlock(switchCase.statements)
        environment.frames.removeLast()
      case .ifConfigDecl(let ifConfig):
        for (clause, status) in evaluator.statuses(of: ifConfig) where status != .inactive {
          guard case .switchCases(let cases) = clause.elements else { continue }
          let saved = state.undecided
          state.undecided = saved || status == .undecided
          for case .switchCase(let switchCase) in cases { walkBlock(switchCase.statements) }
          state.undecided = saved
        }
      }
    }
  }

  fileprivate func visitCodeBlock(_ node: CodeBlockSyntax) {
    walkBlock(node.statements)
  }

  fileprivate func visitMacro(_ macro: MacroExpansionExprSyntax) {
    guard macro.macroName.text == "implicits" else { return }
    error(
      "#implicits captures a bag for later: use it in a closure capture list ('[implicits = #implicits]') or a "
        + "stored property ('let implicits = #implicits')",
      at: macro)
  }

  fileprivate func visitReference(_ reference: DeclReferenceExprSyntax) {
    guard reference.baseName.text == "scope", case .closure = state.unit.kind, !environment.unitHasScopeName,
      environment.outerUnitHasScopeName
    else { return }
    reportOuterScope(at: reference)
  }

  // MARK: Names

  private static func simpleName(_ expression: ExprSyntax) -> String? {
    TypeInference.dottedPath(expression)?.joined(separator: ".")
  }

  private static func calleeName(_ callee: ExprSyntax) -> String {
    if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = callee.as(MemberAccessExprSyntax.self) {
      if let base = member.base, let path = TypeInference.dottedPath(base), path.first?.first?.isUppercase == true {
        return path.joined(separator: ".") + "." + member.declName.baseName.text
      }
      return member.declName.baseName.text
    }
    if let specialization = callee.as(GenericSpecializationExprSyntax.self) {
      return calleeName(specialization.expression)
    }
    return callee.trimmedDescription
  }

  private static func calleeNode(_ callee: ExprSyntax) -> Syntax? {
    if let member = callee.as(MemberAccessExprSyntax.self) { return Syntax(member.declName) }
    return Syntax(callee)
  }
}

/// Walks an expression in evaluation order, handing calls, closures,
/// macros and references to the builder.
private final class ExpressionWalker: SyntaxVisitor {
  unowned let builder: BodyBuilder

  init(builder: BodyBuilder) {
    self.builder = builder
    super.init(viewMode: .sourceAccurate)
  }

  func walk(_ expression: ExprSyntax) { walk(Syntax(expression)) }

  func walkChildren(of node: Syntax) {
    for child in node.children(viewMode: .sourceAccurate) { walk(child) }
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitCall(node) ? .skipChildren : .visitChildren
  }

  override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitSubscript(node)
    return .skipChildren
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitClosure(node)
    return .skipChildren
  }

  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitMacro(node)
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitReference(node)
    return .skipChildren
  }

  override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitIf(node)
    return .skipChildren
  }

  override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitSwitch(node)
    return .skipChildren
  }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    builder.visitCodeBlock(node)
    return .skipChildren
  }

  // Declarations nested in expressions are not expected; skip their bodies.
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Whether an initializer body delegates with `self.init(…)`.
enum DelegationFinder {
  static func delegates(_ body: CodeBlockSyntax) -> Bool {
    final class Finder: SyntaxVisitor {
      var found = false
      override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
          let base = member.base, base.trimmedDescription == "self"
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
