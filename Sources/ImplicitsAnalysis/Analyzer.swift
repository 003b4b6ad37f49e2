import ImplicitsInterface

/// Analyzes one module in stages, each taking the values the ones before
/// returned and returning its own: parse (`ParsedModule`), declarations
/// (`ModuleDeclarations`: names, upstream interfaces, members), bodies
/// (`ModuleBodies`: units, bags, closure wrappers), requirements
/// (`SolvedRequirements`: the fixed point), outputs (`AnalysisOutputs`:
/// diagnostics, the interface, the support file, the chains).
public enum Analyzer {
  /// Runs on a thread with a deep stack (`NestingLimits`), whatever the
  /// caller's thread.
  public static func analyze(_ request: AnalysisRequest) -> AnalysisResult {
    var request = request
    request.isCancelled = nil
    return analyzeUnlessCancelled(request)!
  }

  /// The analysis, or nil when `request.isCancelled` said so between two
  /// stages.
  public static func analyzeUnlessCancelled(_ request: AnalysisRequest) -> AnalysisResult? {
    LargeStackThread.run(leaving: { leftovers in analyzeOnThisThread(request, leaving: leftovers) })
  }

  /// The stages' values go to `leftovers`: the result does not need them.
  private static func analyzeOnThisThread(
    _ request: AnalysisRequest, leaving leftovers: LargeStackThread.Leftovers
  ) -> AnalysisResult? {
    let cancelled = { request.isCancelled?() ?? false }
    let parsed = ParsedModule(request)
    if parsed.syntaxDiagnostics.hasErrors {
      return AnalysisOutputs.withoutFiles(parsed.syntaxDiagnostics, moduleName: request.moduleName)
    }
    if cancelled() { return nil }
    request.progress?(.collecting, request.sources.first?.path ?? "")
    let (declarations, keptBodies) =
      request.declarationsCache?.declarations(of: parsed.files, request: request)
      ?? (ModuleDeclarations(parsed.files, request: request), nil)
    if cancelled() { return nil }
    let bodies = BodyBuilder.build(declarations, parsed.files, reusing: keptBodies) {
      request.progress?(.analyzingBodies, $0.path)
    }
    request.declarationsCache?.keep(bodies)
    if cancelled() { return nil }
    let solved = SolvedRequirements(bodies, keys: declarations.upstream.keys)
    if cancelled() { return nil }
    leftovers.keep((parsed, declarations, bodies, solved))
    return AnalysisOutputs.result(
      declarations, bodies, solved, syntaxDiagnostics: parsed.syntaxDiagnostics, indexing: request.makesCodeIndex,
      makingFiles: request.makesFiles)
  }
}
