import ImplicitsFileSystem
import ImplicitsManifest
import ImplicitsToolSupport

/// What the build decided for one module, before anything runs: the
/// verdict and its reason (what `--explain` prints), and for a stale
/// module the analysis to run. Inert.
package struct PlannedModule: Sendable {
  package enum Verdict {
    /// Nothing to run: the module is up to date, or cannot be analyzed
    /// (its sources cannot be read); the outcome says which.
    case done(ModuleOutcome)
    /// The module is analyzed; `known` holds its sources as the check
    /// hashed them.
    case analyze(AnalysisJob, known: [String: ModuleState.SourceRecord])
  }

  package var module: String
  package var reason: ModuleReason
  package var verdict: Verdict
}

/// Turns the checked manifest (`Preflight`), the configuration and the
/// build database into planned modules, one at a time as the scheduler
/// reaches them: a module's verdict depends on the fingerprints its
/// dependencies have now, which their own plans (and analyses) decide.
/// `generate ninja` takes the same jobs, without the database.
package struct BuildPlanner: Sendable {
  package let preflight: Preflight
  package let layout: BuildLayout
  package let catalog: UpstreamCatalog
  /// The identity of the tool that analyzes (`ToolIdentity`): this
  /// program's, or that of the executable whose workers it starts.
  let tool: String
  let fileSystem: any FileSystem
  /// Each module's job, made when first asked for (its options signature
  /// is a hash): the import check and the plan both need it.
  private let jobs: LockedValue<[String: AnalysisJob]>
  /// Each module's place in the graph, for its options signature.
  private let structure: [String: String]

  package init(preflight: Preflight, fileSystem: any FileSystem = LocalFileSystem(), tool: String = ToolIdentity.current) {
    self.preflight = preflight
    self.fileSystem = fileSystem
    self.tool = tool
    let manifest = preflight.manifest
    layout = BuildLayout(outputDirectory: manifest.outputDirectory)
    catalog = UpstreamCatalog(
      graph: preflight.graph,
      externalPaths: Dictionary(manifest.externalInterfaces.map { ($0.name, $0.path) }, uniquingKeysWith: { a, _ in a }),
      outputDirectory: manifest.outputDirectory)
    structure = preflight.graph.structureDigests()
    jobs = LockedValue([:])
  }

  /// The analysis of `module`, whatever the database says.
  package func job(for module: String) -> AnalysisJob {
    if let known = jobs.withLock({ $0[module] }) { return known }
    let job = makeJob(for: module)
    jobs.withLock { $0[module] = job }
    return job
  }

  private func makeJob(for module: String) -> AnalysisJob {
    let manifest = preflight.manifest
    let conditions = manifest.module(named: module).map { manifest.compilationConditions(for: $0) } ?? []
    return AnalysisJob(
      module: module, sources: (preflight.sources[module] ?? []).map(\.path), sourcesRoot: manifest.sourcesRoot,
      conditions: conditions, enableExporting: false,
      optionsSignature: AnalysisJob.optionsSignature(
        module: module, sourcesRoot: manifest.sourcesRoot, enableExporting: false, conditions: conditions,
        structure: structure[module] ?? ""),
      outputDirectory: layout.outputDirectory)
  }

  /// Whether the last build checked `file`'s imports against the
  /// dependencies `module` has now: its record has the module's current
  /// options (which cover its dependencies), and the file's size and time
  /// as recorded.
  func checkedByLastBuild(_ database: BuildDatabase) -> @Sendable (String) -> (SourceFile) -> Bool {
    { module in
      guard let record = database.checkedSources(of: module), record.options == job(for: module).optionsSignature else {
        return { _ in false }
      }
      let root = preflight.manifest.sourcesRoot
      return { file in
        guard let known = record.sources[PathUtilities.relative(file.path, below: root)] else { return false }
        return known.size == file.size && known.modified == file.modified
      }
    }
  }

  /// The plan of `module`, given its last record and the fingerprints of
  /// the modules below it as this build knows them.
  package func plan(_ module: String, previous: ModuleState?, fingerprint: (String) -> String?) -> PlannedModule {
    let job = job(for: module)
    let check = ModuleCheck(
      name: module, sources: preflight.sources[module] ?? [], sourcesRoot: job.sourcesRoot, layout: layout,
      optionsSignature: job.optionsSignature, tool: tool, fileSystem: fileSystem)
    switch check.run(previous: previous, fingerprint: fingerprint) {
    case .done(let outcome):
      return PlannedModule(module: module, reason: outcome.reason, verdict: .done(outcome))
    case .analyze(let reason, let records):
      return PlannedModule(module: module, reason: reason, verdict: .analyze(job, known: records))
    }
  }
}
