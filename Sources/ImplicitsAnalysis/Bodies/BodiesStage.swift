import ImplicitsInterface
import SwiftSyntax

/// The bodies stage: turns every body of the module into a unit, the
/// ordered events that matter to implicits (reads, provides, scope-passing
/// calls, local scopes, bag captures), and reports the rules of use that
/// concern bodies. What it makes is a `ModuleBodies`.
///
/// It owns what the walks of the module's files share, and nothing of one
/// file: the declarations and resolvers, the types bodies declare (in a
/// table of its own), the units that exist so far and the functions'
/// units, the closure wrappers by name, the calls of overridable methods.
/// Each file is walked by a `FileBodyWalker`, which returns the file's
/// record (`FileBodies`); the stage then makes the `UnitGraph` of the
/// records, hands it through the passes that need every body (late
/// overrides and protocol dispatch, `ProtocolDispatch`), runs the checks
/// over the whole module (`DeclaredImplicitsChecks`, `InPlaceFacts`) and
/// assembles the result (`BodiesAssembly`).
final class BodiesStage {
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
  /// The types declared in bodies, as the walks reach them.
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
  /// The records of the files walked or taken so far, in order.
  var files: [FileBodies] = []
  /// What the passes and checks after the walks add to the module.
  let checks = FileBodies(file: nil)
  /// The units that exist so far: met by the files walked or taken.
  var known: Set<Unit.ID> = []
  /// How many files' records were taken from an earlier analysis.
  var filesTaken = 0
  /// The base names of the scope-taking functions, here and upstream.
  var cachedScopeTakingNames: Set<String>?
  /// The base names (and, for initializers, type names) of the functions
  /// that take an `@escaping @autoclosure` or a non-escaping closure
  /// parameter, once asked for: only calls of these names are resolved for
  /// their arguments' sake.
  private var cachedNamesWithEscapingAutoclosures: Set<String>?
  private var cachedNamesWithClosureParameters: Set<String>?
  /// Names of local functions declared so far (scope-taking or not).
  var localFunctionNames: Set<String> = []
  /// Local functions declared (not yet built), by declaration.
  var localFunctions: [SyntaxIdentifier: FunctionSymbol] = [:]
  /// How many types of one name a body declared so far, for their identity.
  var localTypeCounts: [LocalTypePlace: Int] = [:]
  /// The undecided `#if` clauses met so far.
  private var regions = 0
  /// The overrides of overridable methods, once looked up (`ProtocolDispatch`).
  var overrideCache: [ObjectIdentifier: [FunctionSymbol]] = [:]
  /// Calls of overridable methods, with the overrides known when walked.
  var dispatches: [Dispatch] = []

  struct Dispatch {
    let method: FunctionSymbol
    let caller: Unit
    /// The local scopes around the calls, outermost first, each by its
    /// place in the events around it; empty: the caller's own events.
    let scopePath: [Int]
    /// Where the calls end in the events of the innermost.
    let index: Int
    let location: SourceLocation
    let overrides: Set<ObjectIdentifier>
  }

  init(_ declarations: ModuleDeclarations, units: FunctionUnits = FunctionUnits(), upstreamAncestry: UpstreamAncestry? = nil) {
    functionUnits = units
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

  /// A number for an undecided `#if` clause, new in the module.
  func newRegion() -> Int {
    regions += 1
    return regions
  }

  // MARK: Units

  /// A new unit, met by `record`.
  func makeUnit(kind: Unit.Kind, name: String, hasScopeParameter: Bool, file: ParsedFile, in record: FileBodies) -> Unit {
    let unit = Unit(id: functionUnits.nextID(), kind: kind, displayName: name, file: file, hasScopeParameter: hasScopeParameter)
    meet(unit, in: record)
    return unit
  }

  /// `unit` exists from here on, and `record` meets it.
  private func meet(_ unit: Unit, in record: FileBodies) {
    known.insert(unit.id)
    record.meet(unit)
  }

  /// The unit of `symbol` if it exists at this point of the walks.
  private func existingUnit(of symbol: FunctionSymbol, in record: FileBodies) -> Unit? {
    guard let unit = functionUnits[symbol], known.contains(unit.id) else { return nil }
    meet(unit, in: record)
    return unit
  }

  /// The unit an earlier analysis made for `symbol`, met again: the same
  /// unit, which the files taken as they are refer to (its events are
  /// those of its body, built or taken; its number is the new graph's).
  private func unitMadeBefore(for symbol: FunctionSymbol, in record: FileBodies) -> Unit? {
    guard let unit = functionUnits[symbol] else { return nil }
    meet(unit, in: record)
    return unit
  }

  /// The unit of a function, created on the first call when its body comes
  /// later, built when the declaration is reached. What callers see of a
  /// function with declared implicits is the declaration
  /// (`Unit.declarationEvents`); its body is a unit of its own, checked
  /// against it.
  func unit(for symbol: FunctionSymbol, in record: FileBodies) -> Unit? {
    if let unit = existingUnit(of: symbol, in: record) { return unit }
    guard symbol.isScopeTaking || symbol.runsInCallersScope else { return nil }
    if let unit = unitMadeBefore(for: symbol, in: record) { return unit }
    let unit = makeUnit(
      kind: .function(symbol), name: symbol.displayName, hasScopeParameter: true, file: symbol.file, in: record)
    functionUnits[symbol] = unit
    return unit
  }

  /// The unit a function's body in `file` is built into: its own, or, for
  /// a function with declared implicits, one of its own beside the
  /// declaration's.
  func bodyUnit(for symbol: FunctionSymbol, file: ParsedFile, in record: FileBodies) -> Unit {
    if symbol.declaredImplicits != nil, symbol.isScopeTaking {
      _ = unit(for: symbol, in: record)
      let body = makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: true, file: file, in: record)
      record.declaredBodies.append((body, symbol))
      return body
    }
    if let unit = existingUnit(of: symbol, in: record) ?? unitMadeBefore(for: symbol, in: record) { return unit }
    let unit = makeUnit(
      kind: .function(symbol), name: symbol.displayName, hasScopeParameter: symbol.isScopeTaking, file: file, in: record)
    functionUnits[symbol] = unit
    return unit
  }

  // MARK: What the checks add

  /// The unit of `symbol`, met by the checks.
  func unit(for symbol: FunctionSymbol) -> Unit? { unit(for: symbol, in: checks) }

  /// `caller`'s evaluation depends on `callee`'s requirements.
  func markCalled(_ callee: Unit, from caller: Unit) {
    checks.calls.append((callee, caller))
  }

  func report(_ diagnostic: Diagnostic) {
    checks.diagnostics.append(diagnostic)
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
