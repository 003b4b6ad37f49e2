import ImplicitsInterface

/// The JSON report of a build (`--build-report`): one object with a
/// `modules` array; each entry has `name`, `status` (`analyzed`,
/// `up-to-date`, `failed` or `not-run`) and `seconds`, plus `reason`, the
/// counts of diagnostics and, for a module analyzed, where its time went
/// (`phases`). The build's `phases` add up the modules'; its
/// `criticalPath` is the chain of dependent modules that took longest,
/// each after the one before, less what each could run beside it.
struct BuildReport: Encodable {
  struct Module: Encodable {
    var name: String
    var status: ModuleOutcome.Status
    var seconds: Double
    /// Seconds since the build started when the module started.
    var started: Double
    /// For a module begun before its dependencies were done: when the
    /// rest of its analysis started.
    var resumed: Double?
    /// When its dependents could start, when before it ended (its
    /// interface was written; the rest of its outputs followed).
    var released: Double?
    /// When it ended.
    var ended: Double
    var reason: String
    var errors: Int
    var warnings: Int
    var phases: ModulePhases?
    /// Whether its analysis could begin before its dependencies were done
    /// (its reason does not depend on them; not in the JSON).
    var beginsAhead: Bool

    private enum CodingKeys: String, CodingKey {
      case name, status, seconds, started, resumed, released, ended, reason, errors, warnings, phases
    }

    init(name: String, _ outcome: ModuleOutcome) {
      self.name = name
      status = outcome.status
      seconds = outcome.seconds
      started = outcome.started
      resumed = outcome.resumed
      released = outcome.released
      ended = outcome.ended
      reason = outcome.explanation
      beginsAhead = outcome.status != .upToDate && outcome.reason.isDecidedBeforeUpstream
      errors = outcome.diagnostics.filter { $0.severity == .error }.count
      warnings = outcome.diagnostics.filter { $0.severity == .warning }.count
      phases = outcome.phases
    }
  }

  /// The chain of modules, each depending on the one before, whose times
  /// in this build add up to the most: however many cores, a build that
  /// analyzes these modules takes at least `seconds`. A module weighs the
  /// time from its start to the moment its dependents could start (its
  /// release, else its end). When the build begins modules before their
  /// dependencies are done (`pipelined`), a module that may begin so
  /// reads and parses its sources beside them: that part does not follow
  /// theirs.
  struct CriticalPath: Encodable, Equatable {
    var seconds: Double
    var modules: [String]

    /// Over `modules`, each after those it depends on.
    init(_ modules: [Module], dependencies: [String: [String]], pipelined: Bool) {
      var best: [String: (seconds: Double, previous: String?)] = [:]
      for module in modules {
        let beside = pipelined && module.beginsAhead ? module.phases.map { $0.sources + $0.analysis.parse } ?? 0 : 0
        // A module begun early resumed after its dependencies; one run
        // whole parsed after them.
        let own = (module.released ?? module.ended) - (module.resumed ?? module.started + beside)
        let before = (dependencies[module.name] ?? []).compactMap { name in best[name].map { (name, $0.seconds) } }
          .max { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 > $1.0) }
        let after = before.map { $0.1 } ?? 0
        best[module.name] = (max(after, beside) + max(0, own), after >= beside ? before?.0 : nil)
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
    dependencies: [String: [String]], pipelined: Bool
  ) {
    self.manifest = manifest
    self.configuration = configuration
    self.succeeded = succeeded
    self.seconds = seconds
    self.modules = modules
    phases = modules.compactMap(\.phases).reduce(ModulePhases(), +)
    criticalPath = CriticalPath(modules, dependencies: dependencies, pipelined: pipelined)
  }
}
