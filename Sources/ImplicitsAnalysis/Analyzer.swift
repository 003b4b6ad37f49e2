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
    LargeStackThread.run { analyzeOnThisThread(request) }
  }

  private static func analyzeOnThisThread(_ request: AnalysisRequest) -> AnalysisResult {
    let parsed = ParsedModule(request)
    if parsed.syntaxDiagnostics.hasErrors {
      return AnalysisOutputs.syntaxErrors(parsed.syntaxDiagnostics, moduleName: request.moduleName)
    }
    request.progress?(.collecting, request.sources.first?.path ?? "")
    let declarations = ModuleDeclarations(parsed.files, request: request)
    let bodies = BodyBuilder(declarations).build(parsed.files) { request.progress?(.analyzingBodies, $0.path) }
    let solved = SolvedRequirements(bodies, keys: declarations.upstream.keys)
    return AnalysisOutputs.result(declarations, bodies, solved, syntaxDiagnostics: parsed.syntaxDiagnostics)
  }
}
