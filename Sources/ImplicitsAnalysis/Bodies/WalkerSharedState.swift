import SwiftSyntax

/// What the walk of a file reads and adds of the module's shared state,
/// by the names the walk uses: each is the stage's (`BodiesStage`), read
/// and changed in place there.
extension FileBodyWalker {
  var symbols: ModuleSymbols { stage.symbols }
  var resolver: TypeResolver { stage.resolver }
  var callResolver: CallResolver { stage.callResolver }
  var walk: DeclarationWalk { stage.walk }
  var evaluator: ConditionEvaluator { stage.walk.evaluator }
  var declarations: Declarations { stage.declarations }
  var enableExporting: Bool { stage.enableExporting }
  var recordsResolutions: Bool { stage.recordsResolutions }
  var localDeclarations: DeclarationTable { stage.localDeclarations }
  var localNames: NameCollector { stage.localNames }
  var storedBags: [Bag] { stage.storedBags }
  var namesWithEscapingAutoclosures: Set<String> { stage.namesWithEscapingAutoclosures }
  var namesWithClosureParameters: Set<String> { stage.namesWithClosureParameters }

  var storedBagBindings: Set<SyntaxIdentifier> {
    _read { yield stage.storedBagBindings }
    _modify { yield &stage.storedBagBindings }
  }
  var closureWrappers: [String: ClosureWrapper] {
    _read { yield stage.closureWrappers }
    _modify { yield &stage.closureWrappers }
  }
  var cachedScopeTakingNames: Set<String>? {
    _read { yield stage.cachedScopeTakingNames }
    _modify { yield &stage.cachedScopeTakingNames }
  }
  var localFunctionNames: Set<String> {
    _read { yield stage.localFunctionNames }
    _modify { yield &stage.localFunctionNames }
  }
  var localFunctions: [SyntaxIdentifier: FunctionSymbol] {
    _read { yield stage.localFunctions }
    _modify { yield &stage.localFunctions }
  }
  var localTypeCounts: [LocalTypePlace: Int] {
    _read { yield stage.localTypeCounts }
    _modify { yield &stage.localTypeCounts }
  }
}
