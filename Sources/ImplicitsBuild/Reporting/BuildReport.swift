import ImplicitsInterface

/// The JSON report of a build (`--build-report`): one object with a
/// `modules` array; each entry has `name`, `status` (`analyzed`,
/// `up-to-date`, `failed` or `not-run`) and `seconds`, plus `reason`, the
/// counts of diagnostics and, for a module analyzed, where its time went
/// (`phases`). The build's `phases` add up the modules'; its
/// `criticalPath` is the chain of dependent modules that took longest.
struct BuildReport: Encodable {
  struct Module: Encodable {
    var name: String
    var status: ModuleOutcome.Status
    var seconds: Double
    /// Seconds since the build started when the module started.
    var started: Double
    var reason: String
    var errors: Int
    var warnings: Int
    var phases: ModulePhases?

    init(name: String, _ outcome: ModuleOutcome) {
      self.name = name
      status = outcome.status
      seconds = outcome.seconds
      started = outcome.started
      reason = outcome.explanation
      errors = outcome.diagnostics.filter { $0.severity == .error }.count
      warnings = outcome.diagnostics.filter { $0.severity == .warning }.count
      phases = outcome.phases
    }
  }

  /// The chain of modules, each depending on the one before, whose times
  /// in this build add up to the most: however many cores, a build that
  /// analyzes these modules takes at least `seconds`.
  struct CriticalPath: Encodable, Equatable {
    var seconds: Double
    var modules: [String]

    /// Over `modules` (each after those it depends on), each weighing
    /// its time in the build: its phases when it was analyzed, else its
    /// seconds.
    init(_ modules: [Module], dependencies: [String: [String]]) {
      var best: [String: (seconds: Double, previous: String?)] = [:]
      for module in modules {
        let own = module.phases?.total ?? module.seconds
        let before = (dependencies[module.name] ?? []).compactMap { name in best[name].map { (name, $0.seconds) } }
          .max { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 > $1.0) }
        best[module.name] = (own + (before?.1 ?? 0), before?.0)
      }
      let last = modules.map(\.name).max { (best[$0]!.seconds, $1) < (best[$1]!.seconds, $0) }
      var chain: [String] = []
      var current = last
      while let name = current {
        chain.append(name)
        current = best[name]?.previous
      }
      seconds = last.map { best[$0]!.seconds } ?? 0
      self.modules = chain.reversed()
    }
  }

  var toolVersion = ToolVersion.current
  var manifest: String
  /// The manifest configuration built, when it names some.
  var configuration: String?
  var succeeded: Bool
  var seconds: Double
  /// Every analyzed module's phases, added up.
  var phases: ModulePhases
  var criticalPath: CriticalPath
  var modules: [Module]

  init(
    manifest: String, configuration: String?, succeeded: Bool, seconds: Double, modules: [Module],
    dependencies: [String: [String]]
  ) {
    self.manifest = manifest
    self.configuration = configuration
    self.succeeded = succeeded
    self.seconds = seconds
    self.modules = modules
    phases = modules.compactMap(\.phases).reduce(ModulePhases(), +)
    criticalPath = CriticalPath(modules, dependencies: dependencies)
  }
}
