import ImplicitsAnalysis
import ImplicitsFileSystem

/// Runs the analysis jobs of a build: in this process
/// (`InProcessExecutor`) or in worker processes (`WorkerProcessExecutor`).
/// An executor writes nothing: it returns each module's outputs, which the
/// recorder writes in the build's process, and it stores records and
/// removes what failed.
package protocol AnalysisExecutor: AnyObject, Sendable {
  /// What is told a module's interface as soon as its analysis made it
  /// (`ReleasedInterface`), before the analysis ends.
  typealias Released = @Sendable (ReleasedInterface) -> Void

  /// Runs `job` (its plan found it stale for `reason`; `known` holds its
  /// sources as the plan hashed them) and says how it ended; `released` is
  /// told its interface first, when it is one to hand on.
  func run(
    _ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord], released: @escaping Released
  ) -> ModuleOutcome
  /// Runs the part of `job` that needs nothing from the modules below
  /// (reading and parsing its sources, `ModuleAnalysis.begin`); what it
  /// returns runs the rest when they are done.
  func begin(_ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord]) -> any BegunJob
  /// Stops the analyses running now (Ctrl-C): they end not run, and no
  /// job runs after. Returns how many were stopped.
  func stop() -> Int
  /// Ends what the executor started (idle workers).
  func finish()
  /// The calling thread ran out of work while others still run.
  func idle()
}

extension AnalysisExecutor {
  /// Begins nothing: the whole job runs when finished (an executor whose
  /// analyses reuse what they kept, the parses among it).
  package func begin(_ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord]) -> any BegunJob {
    JobToFinish { self.run(job, reason: reason, known: known, released: $0) }
  }
}

/// A job whose rest is a closure: all of it (nothing ran yet), or how it
/// ended in its first part (a source could not be read, a worker could
/// not start).
final class JobToFinish: BegunJob {
  let run: @Sendable (@escaping AnalysisExecutor.Released) -> ModuleOutcome

  init(_ run: @escaping @Sendable (@escaping AnalysisExecutor.Released) -> ModuleOutcome) {
    self.run = run
  }

  func finish(released: @escaping AnalysisExecutor.Released) -> ModuleOutcome { run(released) }
  func abandon() {}
}

/// A job an executor began (`AnalysisExecutor.begin`): its sources are
/// parsed, where the rest of its analysis will run (this process, or the
/// worker process that parsed them). Exactly one of its methods is called,
/// once.
package protocol BegunJob: AnyObject, Sendable {
  /// Runs the rest of the analysis (the modules below are done) and says
  /// how the job ended; `released` is told its interface first, when it is
  /// one to hand on.
  func finish(released: @escaping AnalysisExecutor.Released) -> ModuleOutcome
  /// Drops what was begun: the module does not run (the build stopped, or
  /// a module below failed).
  func abandon()
}

/// Runs each job on the calling thread (the scheduler's, with the
/// analyzer's deep stack): the library's and the benchmarks' builds. A
/// crash in an analysis ends the process.
final class InProcessExecutor: AnalysisExecutor {
  let analyze: ModuleAnalysis.Analyze
  let fileSystem: any FileSystem

  /// `analyze`: the analyzer against the catalog's interfaces, or a
  /// stand-in in tests.
  init(analyze: @escaping ModuleAnalysis.Analyze, fileSystem: any FileSystem = LocalFileSystem()) {
    self.analyze = analyze
    self.fileSystem = fileSystem
  }

  func run(
    _ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord], released: @escaping Released
  ) -> ModuleOutcome {
    var analysis = ModuleAnalysis(job: job, analyze: analyze, fileSystem: fileSystem)
    analysis.released = released
    return analysis.run(reason: reason, known: known)
  }

  func begin(_ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord]) -> any BegunJob {
    let analysis = ModuleAnalysis(job: job, analyze: analyze, fileSystem: fileSystem)
    return BegunHere(analysis: analysis, begun: analysis.begin(known: known), reason: reason)
  }

  /// Running analyses finish; the scheduler starts no other.
  func stop() -> Int { 0 }

  func finish() {}

  /// What this thread's analyses freed would otherwise stay in its malloc
  /// arena, resident, beside the memory of the analyses still running.
  func idle() { FreedMemory.returnToSystem() }
}

/// A job begun in this process: its parsed sources wait here.
private final class BegunHere: BegunJob, @unchecked Sendable {
  private let analysis: ModuleAnalysis
  private var begun: BegunAnalysis?
  private let reason: ModuleReason

  init(analysis: ModuleAnalysis, begun: BegunAnalysis, reason: ModuleReason) {
    self.analysis = analysis
    self.begun = begun
    self.reason = reason
  }

  func finish(released: @escaping AnalysisExecutor.Released) -> ModuleOutcome {
    defer { begun = nil }
    var analysis = analysis
    analysis.released = released
    return analysis.finish(begun!, reason: reason)
  }

  func abandon() { begun = nil }
}
