import SwiftSyntax

/// What the bodies stage makes of a module: its units (the solver's input),
/// the units of its functions, its bags and closure wrappers, what is
/// checked once requirements are solved, and the diagnostics about bodies.
struct ModuleBodies {
  /// Every unit, numbered, with the units that depend on each unit and
  /// on each bag.
  let graph: UnitGraph
  let functionUnits: FunctionUnits
  /// Every bag: stored, then captured, in the order found.
  let bags: [Bag]
  /// The bags reopened (or never to be reported unused), by identity.
  let reopenedBags: Set<ObjectIdentifier>
  /// By name.
  let closureWrappers: [ClosureWrapper]
  let contracts: [DeclaredContract]
  /// Calls of nested functions that run in their caller's scope, made
  /// where no scope is open: errors if the function requires anything.
  let scopelessNestedCalls: [(unit: Unit, location: SourceLocation)]
  let diagnostics: [Diagnostic]
  /// What each file's walk made, for the next analysis (`BodiesAssembly`).
  let files: [FileBodies]
  /// How many of them were taken from the last analysis instead of walked.
  let filesTaken: Int
  /// Which closure parameters of the module's functions run in place.
  let inPlace: InPlaceFacts
  /// The units of the overrides of each overridable method (by the
  /// method's identity), which a call from another module may run.
  let overrides: [ObjectIdentifier: [Unit]]
  /// Each method and its overrides, when resolutions are recorded.
  let overridePairs: [ResolutionLog.Override]
  /// The module's types with upstream ancestors, once the checks asked.
  let upstreamAncestry: UpstreamAncestry?
}
