import ImplicitsInterface
import SwiftSyntax

/// Turns every body of the module into a unit: the ordered events that
/// matter to implicits (reads, provides, scope-passing calls, local scopes,
/// bag captures), and reports the rules of use that concern bodies.
///
/// The work is split by what it walks: declarations (here), statements
/// (`StatementWalker`), `@Implicit` variables (`ImplicitDeclarations`),
/// local scopes and bags (`LocalScopes`), calls (`CallSites`), uses of a
/// scope (`ScopeReferences`), expressions (`ExpressionWalker`).
final class BodyBuilder {
  let symbols: ModuleSymbols
  let resolver: TypeResolver
  let collector: MemberCollector
  let names: NameCollector
  let evaluator: ConditionEvaluator
  let walk: DeclarationWalk
  let callResolver: CallResolver
  let makeBag: (Bag.Kind, SourceLocation, String) -> Bag
  private(set) var units: [Unit] = []
  var diagnostics: [Diagnostic] = []

  init(
    symbols: ModuleSymbols, resolver: TypeResolver, collector: MemberCollector, names: NameCollector,
    evaluator: ConditionEvaluator, makeBag: @escaping (Bag.Kind, SourceLocation, String) -> Bag
  ) {
    self.symbols = symbols
    self.resolver = resolver
    self.collector = collector
    self.names = names
    self.evaluator = evaluator
    walk = DeclarationWalk(evaluator: evaluator)
    self.makeBag = makeBag
    callResolver = CallResolver(symbols: symbols, resolver: resolver)
  }

  // MARK: State of the unit being built

  struct UnitState {
    var unit: Unit
    var owner: TypeSymbol?
    var isStatic: Bool
    var events: [Event] = []
    /// Open local scopes, innermost last.
    var scopeStack: [LocalScope] = []
    /// The undecided `#if` clause being walked, if any.
    var region: Int?
    /// Whether "uses the enclosing scope" was reported for this unit.
    var reportedOuterScope = false
    /// The declared result type, for `return .init(scope)`.
    var returnType: SemanticType?
  }

  var state: UnitState!
  /// The base names of the scope-taking functions, here and upstream.
  var cachedScopeTakingNames: Set<String>?
  /// Names of local functions declared so far (scope-taking or not).
  var localFunctionNames: Set<String> = []
  /// Local functions declared (not yet built), by declaration.
  var localFunctions: [SyntaxIdentifier: FunctionSymbol] = [:]
  /// How many types of one name a body declared so far, for their identity.
  var localTypeCounts: [LocalTypePlace: Int] = [:]
  var file: ParsedFile!
  var environment = LexicalEnvironment()
  private var nextRegion = 0
  /// The overrides of overridable methods, once looked up (`ProtocolDispatch`).
  var overrideCache: [ObjectIdentifier: [FunctionSymbol]] = [:]
  /// The functions a call with closure or deferred arguments may reach, by
  /// the call's identity, for the file being built: its arguments' walk
  /// asks more than once.
  var candidatesByCall: [SyntaxIdentifier: [CallResolver.Candidate]] = [:]
  /// The contextual type of the expression being walked, by its identity.
  var expectation: (node: SyntaxIdentifier, type: SemanticType)?

  func emit(_ event: Event) {
    if let scope = state.scopeStack.last {
      scope.events.append(event)
    } else {
      state.events.append(event)
    }
  }

  func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  var context: CallResolver.Context {
    CallResolver.Context(file: file, owner: state.owner, isStatic: state.isStatic, environment: environment)
  }

  func typeContext(at node: some SyntaxProtocol) -> TypeContext {
    TypeContext(file: file, owner: state.owner, node: node, localTypes: localType)
  }

  /// A type declared in the bodies around, by name.
  func localType(_ name: String) -> TypeSymbol? {
    if case .type(let type) = environment.lookup(name) { return type }
    return nil
  }

  /// Runs `body` in a new undecided region.
  func inRegion(undecided: Bool, _ body: () -> Void) {
    guard undecided else {
      body()
      return
    }
    let saved = state.region
    nextRegion += 1
    state.region = nextRegion
    body()
    state.region = saved
  }

  /// Runs `body` as the building of a new unit, then restores the enclosing one.
  @discardableResult
  func withUnit(_ unit: Unit, owner: TypeSymbol?, isStatic: Bool, returnType: SemanticType? = nil, _ body: () -> Void) -> Unit {
    let saved = state
    state = UnitState(unit: unit, owner: owner, isStatic: isStatic, region: saved?.region, returnType: returnType)
    environment.frames.append(Frame(startsUnit: true, region: state.region))
    body()
    environment.frames.removeLast()
    unit.events = state.events
    units.append(unit)
    state = saved
    return unit
  }

  private var nextUnitID = 0

  func makeUnit(kind: Unit.Kind, name: String, hasScopeParameter: Bool, in unitFile: ParsedFile? = nil) -> Unit {
    defer { nextUnitID += 1 }
    return Unit(id: nextUnitID, kind: kind, displayName: name, file: unitFile ?? file, hasScopeParameter: hasScopeParameter)
  }

  /// Every unit, once `build` is done: those built, then those created for
  /// calls to functions without a body.
  /// Ends the references from functions to their units, once the analysis
  /// no longer needs them, so that symbols, units and trees can be freed.
  func breakReferenceCycles() {
    for unit in allUnits { unit.function?.unit = nil }
  }

  var allUnits: [Unit] {
    let built = Set(units.map(\.id))
    return units + forwardUnits.filter { !built.contains($0.id) }
  }

  /// Units created for calls to functions not built yet.
  var forwardUnits: [Unit] = []

  /// The unit of a function, created on the first call when its body comes
  /// later, filled in when the declaration is reached.
  func unit(for symbol: FunctionSymbol) -> Unit? {
    if let unit = symbol.unit { return unit }
    guard symbol.isScopeTaking || symbol.runsInCallersScope else { return nil }
    let unit = makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: true, in: symbol.file)
    symbol.unit = unit
    // What callers see of a function with declared implicits is the
    // declaration; its body is a unit of its own, checked against it.
    if let declared = symbol.declaredImplicits {
      unit.events = declared.keys.map { .read($0, declared.location, what: "'@RequiresImplicits' of '\(symbol.displayName)'") }
    }
    forwardUnits.append(unit)
    return unit
  }

  /// The bodies of functions with declared implicits, each with the
  /// function it implements: checked once requirements are solved.
  var declaredBodies: [(body: Unit, function: FunctionSymbol)] = []

  /// Calls of nested functions that run in their caller's scope, made
  /// where no scope is open.
  var scopelessNestedCalls: [(unit: Unit, location: SourceLocation)] = []

  // MARK: Declarations

  func build(files: [ParsedFile]) {
    for parsed in files {
      file = parsed
      if parsed.isMain { buildTopLevelCode(parsed) }
      walkDecls(DeclarationWalk.topLevelDecls(parsed), owner: nil, undecided: false)
      candidatesByCall.removeAll()
    }
  }

  /// What `call` may reach, resolved once per call.
  func candidates(of call: FunctionCallExprSyntax) -> [CallResolver.Candidate] {
    if let known = candidatesByCall[call.id] { return known }
    let found = callResolver.candidates(callee: call.calledExpression, context: context)
    candidatesByCall[call.id] = found
    return found
  }

  func walkDecls(_ decls: [DeclSyntax], owner: TypeSymbol?, undecided: Bool) {
    walk.forEach(decls, undecided: undecided) { decl, undecided in
      walkDecl(decl, owner: owner, undecided: undecided)
    }
  }

  private func walkDecl(_ decl: DeclSyntax, owner: TypeSymbol?, undecided: Bool) {
    if let nominal = NominalDecl(decl) {
      guard let type = symbols.typesByDeclaration[decl.id] else { return }
      walkDecls(nominal.members.map(\.decl), owner: type, undecided: undecided)
    } else if let ext = decl.as(ExtensionDeclSyntax.self) {
      guard let type = symbols.typesByDeclaration[ext.id] else { return }
      walkDecls(ext.memberBlock.members.map(\.decl), owner: type, undecided: undecided)
    } else if let function = decl.as(FunctionDeclSyntax.self), let symbol = collector.functionsByDeclaration[decl.id] {
      walkDefaultValues(function.signature.parameterClause.parameters, of: symbol, owner: owner)
      guard let body = function.body else { return }
      buildFunctionUnit(symbol, owner: owner) { self.walkBlock(body.statements) }
    } else if let initializer = decl.as(InitializerDeclSyntax.self), let symbol = collector.functionsByDeclaration[decl.id] {
      walkDefaultValues(initializer.signature.parameterClause.parameters, of: symbol, owner: owner)
      guard let body = initializer.body else { return }
      buildFunctionUnit(symbol, owner: owner) { self.walkBlock(body.statements) }
    } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self), let symbol = collector.functionsByDeclaration[decl.id] {
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
      if let value = binding.initializer?.value, collector.bagsByBinding[binding.id] == nil {
        let unit = makeUnit(kind: .accessor, name: "initial value of '\(name)'", hasScopeParameter: false)
        withUnit(unit, owner: owner, isStatic: isStatic) { self.walkExpression(value) }
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
    withUnit(unit, owner: nil, isStatic: false) {
      self.walkStatements(Array(statements))
    }
  }

  func buildFunctionUnit(_ symbol: FunctionSymbol, owner: TypeSymbol?, body: () -> Void) {
    let unit: Unit
    if symbol.declaredImplicits != nil, symbol.isScopeTaking {
      _ = self.unit(for: symbol)
      unit = makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: true)
      declaredBodies.append((unit, symbol))
    } else {
      unit = symbol.unit ?? makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: symbol.isScopeTaking)
      symbol.unit = unit
    }
    withUnit(unit, owner: owner, isStatic: symbol.isStatic, returnType: symbol.returnType) {
      bindParameters(of: symbol, owner: owner)
      if symbol.kind == .initializer, let owner {
        addStoredReads(for: symbol, owner: owner)
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
        .initializerWithoutScope(symbol, of: owner))
      return
    }
    for stored in owner.storedImplicits {
      emit(.read(stored.key, stored.location, what: "stored property '\(stored.propertyName)' of '\(owner.displayName)'"))
    }
    for bag in owner.storedBags {
      bag.creators.insert(state.unit.id)
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
