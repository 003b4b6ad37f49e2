/// What the bodies stage made of one file, kept apart so that an editor's
/// next analysis can take it as it is when the file did not change
/// (`BodiesAssembly`): its units, and what its walk added to the module's
/// bags, call graph, closure wrappers, contracts and diagnostics. The
/// walks of the files that follow read none of it, except the closure
/// wrappers' names and which units exist (the stage's assembly gives the
/// same module from these records, built now or kept).
final class FileBodies {
  /// Nil for what the checks after the walks add.
  let file: ParsedFile?
  /// Every unit the walk made or looked up, once, in the order met: the
  /// module's units are numbered in the order the files first meet them.
  private(set) var met: [Unit] = []
  /// The units built, in the order finished, each with its events.
  var built: [(unit: Unit, events: [Event])] = []
  /// Each call of a unit of this module, by the unit that makes it.
  var calls: [(callee: Unit, caller: Unit)] = []
  /// Each bag a unit creates.
  var bagCreators: [(bag: Bag, unit: Unit)] = []
  /// The bags captured, in the order found.
  var bags: [Bag] = []
  var reopenedBags: [Bag] = []
  var closureWrappers: [ClosureWrapper] = []
  var declaredBodies: [(body: Unit, function: FunctionSymbol)] = []
  var scopelessNestedCalls: [(unit: Unit, location: SourceLocation)] = []
  var diagnostics: [Diagnostic] = []
  /// What the walk decided at calls and closure arguments, when recorded.
  var resolvedCalls: [ResolutionLog.Call] = []
  var closureVerdicts: [ResolutionLog.Closure] = []
  var overridePairs: [ResolutionLog.Override] = []
  /// What the bodies do with their non-escaping closure parameters, and the
  /// closures taken in place until those facts are known (`InPlaceClosures`).
  var closureParameterUses: [(parameter: ClosureParameter, use: FileBodyWalker.ClosureParameterUse)] = []
  var provisionalClosures: [FileBodyWalker.ProvisionalClosure] = []
  /// Whether the walk declared types, typealiases or generic functions in
  /// bodies: the other files' walks may see them (overrides, conformers,
  /// names), so the module's bodies are then built again whole.
  var declaresLocalTypes = false

  /// The identities of `met`.
  private var metIDs: Set<Unit.ID> = []

  init(file: ParsedFile?) {
    self.file = file
  }

  /// The walk meets `unit`: listed the first time.
  func meet(_ unit: Unit) {
    if metIDs.insert(unit.id).inserted { met.append(unit) }
  }
}
