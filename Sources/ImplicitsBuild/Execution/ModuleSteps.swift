import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsToolSupport

/// What the build does for one module when the scheduler reaches it, and
/// when it finished: plan, run when stale, apply `--warnings-as-errors`,
/// record; then print and remember its fingerprint for its dependents.
struct ModuleSteps: Sendable {
  let options: BuildOptions
  let planner: BuildPlanner
  let executor: any AnalysisExecutor
  let recorder: BuildRecorder
  let progress: BuildProgress
  /// Fingerprints of finished modules: a module starts only after its
  /// dependencies finished, so theirs are here when it needs them.
  let fingerprints: LockedValue<[String: String]>
  /// The checks made before the scheduler started.
  let ahead: ChecksAhead
  let collected = LockedValue<[Diagnostic]>([])

  func run(_ module: String, release: @escaping Scheduler.Release) -> ModuleOutcome {
    let fingerprint: (String) -> String? = { name in fingerprints.withLock { $0[name] } }
    var outcome: ModuleOutcome
    let planning = Stopwatch()
    let handOff = InterfaceHandOff(module: module, steps: self, release: release)
    if let checked = ahead.outcome(of: module, fingerprint: fingerprint) {
      outcome = checked
    } else {
      let planned =
        ahead.stalePlan(of: module)
        ?? planner.plan(module, previous: recorder.database.record(of: module), fingerprint: fingerprint)
      switch planned.verdict {
      case .done(let done): outcome = done
      case .analyze(let job, let known):
        let planningSeconds = planning.seconds
        progress.started(module)
        let analysis = Stopwatch()
        outcome = executor.run(job, reason: planned.reason, known: known, released: handOff.take)
        outcome.phases?.planning = planningSeconds
        outcome.addHandOff(wall: analysis.seconds)
      }
    }
    return completed(module, outcome, handOff)
  }

  /// Begins `module` (its plan made ahead is final): the part of its
  /// analysis that needs nothing from its dependencies.
  func begin(_ module: String) -> Scheduler.Begun {
    guard let planned = ahead.stalePlan(of: module), case .analyze(let job, let known) = planned.verdict else {
      preconditionFailure("\(module) begun without a final plan")
    }
    let beginning = Stopwatch()
    let begun = executor.begin(job, reason: planned.reason, known: known)
    let beginSeconds = beginning.seconds
    return Scheduler.Begun(
      finish: { release in
        progress.started(module)
        let handOff = InterfaceHandOff(module: module, steps: self, release: release)
        let analysis = Stopwatch()
        var outcome = begun.finish(released: handOff.take)
        outcome.addHandOff(wall: beginSeconds + analysis.seconds)
        return completed(module, outcome, handOff)
      },
      abandon: { begun.abandon() })
  }

  /// What follows a module's analysis, or the check that found it up to
  /// date: `--warnings-as-errors`, then recording.
  func completed(_ module: String, _ outcome: ModuleOutcome, _ handOff: InterfaceHandOff) -> ModuleOutcome {
    var outcome = outcome
    if let error = handOff.failure {
      var failed = ModuleOutcome.unusable(
        .cannotWriteOutputs(module: module, error), reason: outcome.reason, seconds: outcome.seconds)
      failed.diagnostics = outcome.diagnostics
      outcome = failed
    }
    if options.warningsAsErrors, outcome.diagnostics.contains(where: { $0.severity == .warning }) {
      // The outputs stay (they are right); this build fails, and so does
      // every build with the flag while the warnings remain.
      outcome.diagnostics = outcome.diagnostics.warningsAsErrors()
      outcome.status = .failed
      outcome.failedOnWarnings = true
    }
    let recording = Stopwatch()
    recorder.record(module, &outcome, released: handOff.released, interfaceStamp: handOff.stamp)
    outcome.phases?.recording = recording.seconds + handOff.seconds
    return outcome
  }

  func finished(_ module: String, _ outcome: ModuleOutcome, _ count: Int) {
    if let fingerprint = outcome.fingerprint { fingerprints.withLock { $0[module] = fingerprint } }
    let format = options.diagnosticsFormat
    let printed =
      format.isStreamed && !outcome.diagnostics.isEmpty
      ? options.diagnosticRenderer.render(outcome.diagnostics, as: format) : ""
    collected.withLock { $0 += outcome.diagnostics }
    progress.finished(
      module, outcome, count: count,
      explanation: options.explain ? "  \(module): \(outcome.status.rawValue): \(outcome.explanation)" : nil,
      diagnostics: printed)
  }
}

/// What the build does with a module's interface handed on before its
/// analysis ends (`ReleasedInterface`): writes it, remembers its
/// fingerprint, and lets the module's dependents start (when the build
/// pipelines). Not under `--warnings-as-errors` when the module has
/// warnings (it fails).
final class InterfaceHandOff: @unchecked Sendable {
  let module: String
  let steps: ModuleSteps
  let release: Scheduler.Release
  private let state = LockedValue<(released: Bool, stamp: FileStamp?, failure: FileError?, seconds: Double)>(
    (false, nil, nil, 0))

  init(module: String, steps: ModuleSteps, release: @escaping Scheduler.Release) {
    self.module = module
    self.steps = steps
    self.release = release
  }

  var released: Bool { state.withLock { $0.released } }
  var stamp: FileStamp? { state.withLock { $0.stamp } }
  /// Why the interface could not be written (the module fails).
  var failure: FileError? { state.withLock { $0.failure } }
  /// What writing it took.
  var seconds: Double { state.withLock { $0.seconds } }

  @Sendable func take(_ interface: ReleasedInterface) {
    let clock = Stopwatch()
    do {
      let stamp = try steps.recorder.writeInterface(interface, of: module)
      state.withLock { $0 = (true, stamp, nil, clock.seconds) }
    } catch {
      state.withLock { $0 = (false, nil, error, clock.seconds) }
      return
    }
    // A module that `--warnings-as-errors` fails keeps its outputs, but
    // what depends on it does not run.
    if steps.options.warningsAsErrors && interface.hasWarnings { return }
    steps.fingerprints.withLock { $0[module] = interface.fingerprint }
    if steps.options.pipelining { release() }
  }
}

extension ModuleOutcome {
  /// In a worker process, what the worker did not count: `wall` less its
  /// seconds.
  fileprivate mutating func addHandOff(wall: Double) {
    phases?.handOff = max(0, wall - seconds)
  }
}
