import ImplicitsInterface
import SwiftSyntax

/// The bodies stage: turns every body of the module into a unit, the
/// ordered events that matter to implicits (reads, provides, scope-passing
/// calls, local scopes, bag captures), and reports the rules of use that
/// concern bodies. It reads the module's declarations and registers the
/// types that bodies declare in a table of its own; what it makes is a
/// `ModuleBodies`.
///
/// The work is split by what it walks: declarations (`DeclarationBodies`),
/// statements (`StatementWalker`), `@Implicit` variables
/// (`ImplicitDeclarations`), types, functions and typealiases declared in
/// bodies (`LocalDeclarations`), local scopes and bags (`LocalScopes`),
/// calls (`CallSites`), uses of a scope (`ScopeReferences`), expressions
/// (`ExpressionWalker`).
final class BodyBuilder {
  let symbols: ModuleSymbols
  /// Resolves type names, the types bodies declare among them.
  let resolver: TypeResolver
  let callResolver: CallResolver
  /// Decides the `#if`s of bodies with a cache of its own: the
  /// declarations' walk, which a session's next analyses may share, is
  /// not filled with the statuses of the trees of one analysis.
  let walk: DeclarationWalk
  let enableExporting: Bool
  let recordsResolutions: Bool
  /// The module's types with upstream ancestors: those an earlier
  /// analysis found with the same declarations, else found once asked.
  var upstreamAncestry: UpstreamAncestry?
  /// The types declared in bodies, as the walk reaches them.
  let localDeclarations = DeclarationTable()
  /// Registers the types declared in bodies (in `localDeclarations`).
  let localNames: NameCollector
  /// The units of functions, by function: those of an earlier analysis
  /// too when its files' bodies are reused (`BodiesAssembly`), which count
  /// only once met (`known`).
  var functionUnits: FunctionUnits
  /// The stored bags, in the order found.
  let storedBags: [Bag]
  /// The bindings of stored bags, whose initial value is no unit.
  var storedBagBindings: Set<SyntaxIdentifier>
  /// Closure wrappers by name, of the files walked or taken so far.
  var closureWrappers: [String: ClosureWrapper] = [:]
  /// What the walk of the file being built adds to the module (then, once
  /// every file is built, what the checks that follow add).
  var current: FileBodies
  /// The records of the files built or taken so far, in order.
  var files: [FileBodies] = []
  /// The units that exist so far: met by the files built or taken.
  var known: Set<ObjectIdentifier> = []
  /// The units met by the walk of the current file.
  var metHere: Set<ObjectIdentifier> = []
  /// How many files' records were taken from an earlier analysis.
  var filesTaken = 0

  init(_ declarations: ModuleDeclarations, units: FunctionUnits = FunctionUnits(), upstreamAncestry: UpstreamAncestry? = nil) {
    functionUnits = units
    current = FileBodies(file: nil)
    symbols = declarations.symbols
    resolver = declarations.resolver.seeing(localDeclarations)
    callResolver = CallResolver(resolver: resolver, knownPropertyTypes: declarations.exportedTypes.propertyTypes)
    walk = DeclarationWalk(evaluator: ConditionEvaluator(conditions: declarations.walk.evaluator.conditions))
    enableExporting = declarations.enableExporting
    recordsResolutions = declarations.recordsResolutions
    self.upstreamAncestry = upstreamAncestry
    localNames = NameCollector(symbols: declarations.symbols, table: localDeclarations, walk: walk)
    storedBags = declarations.storedBags
    storedBagBindings = declarations.storedBagBindings
  }

  var declarations: Declarations { resolver.declarations }
  var evaluator: ConditionEvaluator { walk.evaluator }

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
    /// The parameters of the module that the closures being walked run in
    /// place for, until their facts are known (`InPlaceClosures`).
    var inPlaceReasons: [ClosureParameter] = []
  }

  var state: UnitState!
  /// The base names of the scope-taking functions, here and upstream.
  var cachedScopeTakingNames: Set<String>?
  /// The base names (and, for initializers, type names) of the functions
  /// that take an `@escaping @autoclosure` or a non-escaping closure
  /// parameter, once asked for: only calls of these names are resolved for
  /// their arguments' sake.
  var cachedNamesWithEscapingAutoclosures: Set<String>?
  var cachedNamesWithClosureParameters: Set<String>?
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
  /// Calls of overridable methods, with the overrides known when walked.
  var dispatches: [Dispatch] = []
  /// The same-type requirements of the extension being walked
  /// (`where Element == Invoice`), by generic parameter.
  var extensionConstraints: [String: SemanticType] = [:]

  struct Dispatch {
    let method: FunctionSymbol
    let caller: Unit
    /// The local scope whose events hold the calls; nil: the caller's own.
    let scope: LocalScope?
    /// Where the calls end in those events.
    let index: Int
    let location: SourceLocation
    let overrides: Set<ObjectIdentifier>
  }
  /// The functions a call with closure or deferred arguments may reach, by
  /// the call's identity, for the file being built: its arguments' walk
  /// asks more than once.
  var candidatesByCall: [SyntaxIdentifier: [CallResolver.Candidate]] = [:]
  /// The contextual type of the expression being walked, by its identity.
  var expectation: (node: SyntaxIdentifier, type: SemanticType)?

  /// The bodies of functions with declared implicits, each with the
  /// function it implements: checked once requirements are solved.
  var declaredBodies: [(body: Unit, function: FunctionSymbol)] {
    get { current.declaredBodies }
    set { current.declaredBodies = newValue }
  }
  /// Calls of nested functions that run in their caller's scope, made
  /// where no scope is open.
  var scopelessNestedCalls: [(unit: Unit, location: SourceLocation)] {
    get { current.scopelessNestedCalls }
    set { current.scopelessNestedCalls = newValue }
  }
  var diagnostics: [Diagnostic] {
    get { current.diagnostics }
    set { current.diagnostics = newValue }
  }

  // MARK: Events and diagnostics

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

  /// A bag captured here.
  func add(_ bag: Bag) {
    current.bags.append(bag)
  }

  /// `bag` is reopened: it is not unused.
  func markReopened(_ bag: Bag) {
    current.reopenedBags.append(bag)
  }

  /// The unit being built creates `bag` here: it requires what the bag holds.
  func markCreatedHere(_ bag: Bag) {
    current.bagCreators.append((bag, state.unit))
  }

  /// `caller` (the unit being built) calls `callee`: its evaluation
  /// depends on the callee's requirements.
  func markCalled(_ callee: Unit, from caller: Unit? = nil) {
    current.calls.append((callee, caller ?? state.unit))
  }

  // MARK: Contexts

  var context: CallResolver.Context {
    var context = CallResolver.Context(file: file, owner: state.owner, isStatic: state.isStatic, environment: environment)
    if let owner = state.owner { context.selfType = selfType(of: owner) }
    return context
  }

  /// The standard library's generic types, with their parameters' names.
  private static let standardGenericParameters: [String: [String]] = [
    "Array": ["Element"], "ArraySlice": ["Element"], "ContiguousArray": ["Element"], "Set": ["Element"],
    "Dictionary": ["Key", "Value"], "Optional": ["Wrapped"],
  ]

  /// `self`'s type in an extension of a standard generic type whose
  /// `where` clause fixes its parameters (`where Element == Invoice`).
  private func selfType(of owner: TypeSymbol) -> SemanticType? {
    guard !extensionConstraints.isEmpty, case .nominal(let nominal) = owner.semanticType, nominal.arguments.isEmpty,
      let names = Self.standardGenericParameters[nominal.path]
    else { return nil }
    let arguments = names.compactMap { extensionConstraints[$0] }
    return arguments.count == names.count ? .named(nominal.path, arguments) : nil
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

  /// What `call` may reach, resolved once per call.
  func candidates(of call: FunctionCallExprSyntax) -> [CallResolver.Candidate] {
    if let known = candidatesByCall[call.id] { return known }
    let found = callResolver.candidates(callee: call.calledExpression, context: context)
    candidatesByCall[call.id] = found
    return found
  }

  // MARK: Units

  /// Runs `body` as the building of a new unit, then restores the enclosing one.
  @discardableResult
  func withUnit(_ unit: Unit, owner: TypeSymbol?, isStatic: Bool, returnType: SemanticType? = nil, _ body: () -> Void) -> Unit {
    let saved = state
    state = UnitState(unit: unit, owner: owner, isStatic: isStatic, region: saved?.region, returnType: returnType)
    environment.frames.append(Frame(startsUnit: true, region: state.region))
    body()
    environment.frames.removeLast()
    unit.events = state.events
    current.built.append(unit)
    state = saved
    return unit
  }

  func makeUnit(kind: Unit.Kind, name: String, hasScopeParameter: Bool, in unitFile: ParsedFile? = nil) -> Unit {
    let unit = Unit(kind: kind, displayName: name, file: unitFile ?? file, hasScopeParameter: hasScopeParameter)
    meet(unit)
    return unit
  }

  /// `unit` exists from here on, and the current file meets it.
  private func meet(_ unit: Unit) {
    let id = ObjectIdentifier(unit)
    known.insert(id)
    if metHere.insert(id).inserted { current.met.append(unit) }
  }

  /// The unit of `symbol` if it exists at this point of the walk.
  private func existingUnit(of symbol: FunctionSymbol) -> Unit? {
    guard let unit = functionUnits[symbol], known.contains(ObjectIdentifier(unit)) else { return nil }
    meet(unit)
    return unit
  }

  /// The unit an earlier analysis made for `symbol`, made again: the same
  /// object, which the files taken as they are refer to (its events are
  /// those of its body, built or taken; its number is the new graph's).
  private func unitMadeBefore(for symbol: FunctionSymbol) -> Unit? {
    guard let unit = functionUnits[symbol] else { return nil }
    meet(unit)
    return unit
  }

  /// The unit of a function, created on the first call when its body comes
  /// later, filled in when the declaration is reached.
  func unit(for symbol: FunctionSymbol) -> Unit? {
    if let unit = existingUnit(of: symbol) { return unit }
    guard symbol.isScopeTaking || symbol.runsInCallersScope else { return nil }
    if let unit = unitMadeBefore(for: symbol) { return unit }
    let unit = makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: true, in: symbol.file)
    functionUnits[symbol] = unit
    // What callers see of a function with declared implicits is the
    // declaration; its body is a unit of its own, checked against it.
    if let declared = symbol.declaredImplicits {
      unit.events = declared.keys.map { .read($0, declared.location, what: .declaredImplicits(function: symbol.displayName)) }
    }
    return unit
  }

  /// The unit a function's body is built into: its own, or, for a function
  /// with declared implicits, one of its own beside the declaration's.
  func bodyUnit(for symbol: FunctionSymbol) -> Unit {
    if symbol.declaredImplicits != nil, symbol.isScopeTaking {
      _ = unit(for: symbol)
      let body = makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: true)
      declaredBodies.append((body, symbol))
      return body
    }
    if let unit = existingUnit(of: symbol) ?? unitMadeBefore(for: symbol) { return unit }
    let unit = makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: symbol.isScopeTaking)
    functionUnits[symbol] = unit
    return unit
  }

  // MARK: Names of functions

  /// The base names (and, for initializers, type names) of the functions
  /// declared so far whose parameters pass `test`.
  private func functionNames(where test: (FunctionDecl.Parameter) -> Bool) -> Set<String> {
    var names = Set<String>()
    for function in declarations.functions where function.parameters.contains(where: test) {
      names.insert(function.baseName)
      if function.kind == .initializer, let owner = function.owner { names.insert(owner.name) }
    }
    return names
  }

  var namesWithEscapingAutoclosures: Set<String> {
    if let names = cachedNamesWithEscapingAutoclosures { return names }
    let names = functionNames(where: \.defersArgument)
    cachedNamesWithEscapingAutoclosures = names
    return names
  }

  var namesWithClosureParameters: Set<String> {
    if let names = cachedNamesWithClosureParameters { return names }
    let names = functionNames { $0.isClosure && !$0.isAutoclosure }
    cachedNamesWithClosureParameters = names
    return names
  }
}
