import ImplicitsAnalysis
import ImplicitsFileSystem

/// Runs the analysis jobs of a build: in this process
/// (`InProcessExecutor`) or in worker processes (`WorkerProcessExecutor`).
/// An executor writes nothing: it returns each module's outputs, which the
/// recorder writes in the build's process, and it stores records and
/// removes what failed.
package protocol AnalysisExecutor: AnyObject, Sendable {
  /// Runs `job` (its plan found it stale for `reason`; `known` holds its
  /// sources as the plan hashed them) and says how it ended.
  func run(_ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord]) -> ModuleOutcome
  /// Stops the analyses running now (Ctrl-C): they end not run, and no
  /// job runs after. Returns how many were stopped.
  func stop() -> Int
  /// Ends what the executor started (idle workers).
  func finish()
  /// The calling thread ran out of work while others still run.
  func idle()
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

  func run(_ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord]) -> ModuleOutcome {
    ModuleAnalysis(job: job, analyze: analyze, fileSystem: fileSystem).run(reason: reason, known: known)
  }

  /// Running analyses finish; the scheduler starts no other.
  func stop() -> Int { 0 }

  func finish() {}

  /// What this thread's analyses freed would otherwise stay in its malloc
  /// arena, resident, beside the memory of the analyses still running.
  func idle() { FreedMemory.returnToSystem() }
}
