import ImplicitsInterface
import ImplicitsToolSupport

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
    analyzeUnlessCancelled(request, reusing: nil)
  }

  /// `request` with its sources parsed (`request.parsed`), on a thread
  /// with a deep stack: the part of an analysis that reads no upstream
  /// interface, which a build runs while the modules below are still
  /// analyzed. `analyze` then starts from the parse.
  public static func parsing(_ request: AnalysisRequest) -> AnalysisRequest {
    guard request.parsed == nil else { return request }
    let clock = Stopwatch()
    let module = LargeStackThread.run { ParsedModule(request) }
    var parsed = request
    parsed.parsed = ParsedSources(module: module, seconds: clock.seconds)
    return parsed
  }

  /// The same, reusing what `session` kept of the module's last analysis
  /// and keeping what this one makes (`AnalysisSession`, its only caller
  /// with a session).
  static func analyzeUnlessCancelled(_ request: AnalysisRequest, reusing session: SessionCaches?) -> AnalysisResult? {
    LargeStackThread.run(leaving: { leftovers in analyzeOnThisThread(request, session, leaving: leftovers) })
  }

  /// The stages' values go to `leftovers`: the result does not need them.
  private static func analyzeOnThisThread(
    _ request: AnalysisRequest, _ session: SessionCaches?, leaving leftovers: LargeStackThread.Leftovers
  ) -> AnalysisResult? {
    let cancelled = { request.isCancelled?() ?? false }
    var laps = StageLaps(upstream: request.upstream, parsedAhead: request.parsed?.seconds ?? 0)
    let parsed = request.parsed?.module ?? ParsedModule(request, cache: session?.parses)
    laps.lap(\.parse)
    if parsed.syntaxDiagnostics.hasErrors {
      var result = AnalysisOutputs.withoutFiles(parsed.syntaxDiagnostics, moduleName: request.moduleName)
      result.times = laps.times
      return result
    }
    if cancelled() { return nil }
    request.progress?(.collecting, request.sources.first?.path ?? "")
    let (declarations, keptBodies) =
      session.map {
        $0.declarations.declarations(
          of: parsed.files, request: request, upstreamGeneration: $0.upstreamGeneration, upstreamNames: $0.upstreamNames)
      }
      ?? (ModuleDeclarations(parsed.files, request: request), nil)
    laps.lap(\.declarations)
    if cancelled() { return nil }
    let bodies = BodiesStage.build(declarations, parsed.files, reusing: keptBodies) {
      request.progress?(.analyzingBodies, $0.path)
    }
    session?.declarations.keep(bodies)
    laps.lap(\.bodies)
    if cancelled() { return nil }
    let solved = SolvedRequirements(bodies, keys: declarations.upstream.keys)
    laps.lap(\.requirements)
    if cancelled() { return nil }
    leftovers.keep((parsed, declarations, bodies, solved))
    var result = AnalysisOutputs.result(
      declarations, bodies, solved, syntaxDiagnostics: parsed.syntaxDiagnostics, indexing: request.makesCodeIndex,
      makingFiles: request.makesFiles, interfaceMade: request.interfaceMade)
    laps.lap(\.outputs)
    result.times = laps.times
    return result
  }
}

/// The times of an analysis's stages, each taken when it ends: the
/// seconds since the last, less what reading upstream interface files took
/// meanwhile (counted in `interfaces`).
private struct StageLaps {
  private let upstream: UpstreamInterfaces
  private let clock = Stopwatch()
  private var lastEnd = 0.0
  private var lastReading = 0.0
  private(set) var times = AnalysisTimes()

  /// `parsedAhead`: what parsing the sources took before the analysis
  /// (`Analyzer.parsing`), counted in its parse stage.
  init(upstream: UpstreamInterfaces, parsedAhead: Double) {
    self.upstream = upstream
    times.parse = parsedAhead
  }

  mutating func lap(_ stage: WritableKeyPath<AnalysisTimes, Double>) {
    let now = clock.seconds
    let reading = upstream.secondsReading
    times.interfaces += reading - lastReading
    times[keyPath: stage] += max(0, now - lastEnd - (reading - lastReading))
    lastEnd = now
    lastReading = reading
  }
}
