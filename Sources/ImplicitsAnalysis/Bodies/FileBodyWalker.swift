import ImplicitsInterface
import SwiftSyntax

/// Walks the bodies of one file into its record (`FileBodies`): each body
/// a unit with its events, the calls between units, the bags, closure
/// wrappers and diagnostics. It holds only what the walk of this file
/// needs (the unit being built, the lexical environment, the calls
/// resolved here); what the walks of the module's files share is the
/// `BodiesStage`'s, which made it and takes the record it returns.
///
/// The work is split by what it walks: declarations (`DeclarationBodies`),
/// statements (`StatementWalker`), `@Implicit` variables
/// (`ImplicitDeclarations`), types, functions and typealiases declared in
/// bodies (`LocalDeclarations`), local scopes and bags (`LocalScopes`),
/// calls (`CallSites`), uses of a scope (`ScopeReferences`), expressions
/// (`ExpressionWalker`).
final class FileBodyWalker {
  let stage: BodiesStage
  let file: ParsedFile
  /// What the walk adds to the module.
  let record: FileBodies

  init(stage: BodiesStage, file: ParsedFile) {
    self.stage = stage
    self.file = file
    record = FileBodies(file: file)
  }

  /// Walks the file: its record, for the stage.
  func walked() -> FileBodies {
    let registered = localDeclarations.size
    if file.isMain { buildTopLevelCode(file) }
    walkDecls(DeclarationWalk.topLevelDecls(file), owner: nil, undecided: false)
    record.declaresLocalTypes = localDeclarations.size != registered
    return record
  }

  // MARK: State of the unit being built

  struct UnitState {
    var unit: Unit
    var owner: TypeSymbol?
    var isStatic: Bool
    var events: [Event] = []
    /// Open local scopes, innermost last.
    var scopeStack: [OpenScope] = []
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

  /// The unit being built; none between the units of the file.
  var state: UnitState!
  var environment = LexicalEnvironment()
  /// The same-type requirements of the extension being walked
  /// (`where Element == Invoice`), by generic parameter.
  var extensionConstraints: [String: SemanticType] = [:]
  /// The functions a call with closure or deferred arguments may reach, by
  /// the call's identity: its arguments' walk asks more than once.
  var candidatesByCall: [SyntaxIdentifier: [CallResolver.Candidate]] = [:]
  /// The contextual type of the expression being walked, by its identity.
  var expectation: (node: SyntaxIdentifier, type: SemanticType)?

  // MARK: Events and diagnostics

  func emit(_ event: Event) {
    if state.scopeStack.isEmpty {
      state.events.append(event)
    } else {
      state.scopeStack[state.scopeStack.count - 1].events.append(event)
    }
  }

  /// The events made so far where the next one goes: the innermost open
  /// scope's, or the unit's.
  var pendingEvents: [Event] { state.scopeStack.last?.events ?? state.events }

  /// Ends the innermost open scope: made, it joins the events around it.
  func closeInnermostScope() {
    let open = state.scopeStack.removeLast()
    emit(.scope(LocalScope(kind: open.kind, location: open.location, region: open.region, events: open.events)))
  }

  func report(_ diagnostic: Diagnostic) {
    record.diagnostics.append(diagnostic)
  }

  /// A bag captured here.
  func add(_ bag: Bag) {
    record.bags.append(bag)
  }

  /// `bag` is reopened: it is not unused.
  func markReopened(_ bag: Bag) {
    record.reopenedBags.append(bag)
  }

  /// The unit being built creates `bag` here: it requires what the bag holds.
  func markCreatedHere(_ bag: Bag) {
    record.bagCreators.append((bag, state.unit))
  }

  /// `caller` (the unit being built) calls `callee`: its evaluation
  /// depends on the callee's requirements.
  func markCalled(_ callee: Unit, from caller: Unit? = nil) {
    record.calls.append((callee, caller ?? state.unit))
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
    state.region = stage.newRegion()
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

  /// Runs `body` as the building of a new unit, then restores the
  /// enclosing one. The unit's events are final when it ends: scopes
  /// still open then end with it.
  @discardableResult
  func withUnit(_ unit: Unit, owner: TypeSymbol?, isStatic: Bool, returnType: SemanticType? = nil, _ body: () -> Void) -> Unit {
    let saved = state
    state = UnitState(unit: unit, owner: owner, isStatic: isStatic, region: saved?.region, returnType: returnType)
    environment.frames.append(Frame(startsUnit: true, region: state.region))
    body()
    while !state.scopeStack.isEmpty { closeInnermostScope() }
    environment.frames.removeLast()
    record.built.append((unit, state.events))
    state = saved
    return unit
  }

  /// A new unit, in this file unless `unitFile` says otherwise.
  func makeUnit(kind: Unit.Kind, name: String, hasScopeParameter: Bool, in unitFile: ParsedFile? = nil) -> Unit {
    stage.makeUnit(kind: kind, name: name, hasScopeParameter: hasScopeParameter, file: unitFile ?? file, in: record)
  }

  /// The unit of a function if it is scope-taking or runs in its caller's
  /// scope (`BodiesStage.unit(for:in:)`).
  func unit(for symbol: FunctionSymbol) -> Unit? { stage.unit(for: symbol, in: record) }

  /// The unit a function's body is built into.
  func bodyUnit(for symbol: FunctionSymbol) -> Unit { stage.bodyUnit(for: symbol, file: file, in: record) }
}
