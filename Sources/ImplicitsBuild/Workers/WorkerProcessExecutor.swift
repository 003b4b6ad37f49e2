#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsToolSupport
import SystemPackage

/// Runs jobs in `implicits build-worker` processes, one per scheduler
/// thread at most, started on demand and reused, so that a crash in one
/// module's analysis fails that module alone. Each worker gets the build's
/// catalog once, when it starts.
final class WorkerProcessExecutor: AnalysisExecutor {
  private let executable: String
  private let catalog: UpstreamCatalog
  private let idleWorkers = LockedValue<[WorkerProcess]>([])
  /// Workers with a job now (analyzing, or keeping a begun job's parse),
  /// and whether the build is stopping (then no worker takes a job, and
  /// those with one are killed).
  private let running = LockedValue(Running())

  private struct Running {
    var workers: [ObjectIdentifier: WorkerProcess] = [:]
    /// Those that keep a begun job and wait for the build to finish it.
    var waiting: Set<ObjectIdentifier> = []
    var stopping = false
  }

  init(executable: String, catalog: UpstreamCatalog) {
    self.executable = executable
    self.catalog = catalog
    signal(SIGPIPE, SIG_IGN)
  }

  func run(
    _ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord], released: @escaping Released
  ) -> ModuleOutcome {
    switch take(job) {
    case .failure(let none): return none.outcome
    case .success(let worker):
      if case .ended(let outcome) = converse(
        worker, .analyze(job, reason: reason, known: known), job: job, released: released)
      {
        return outcome
      }
      // A worker answers `analyze` with an outcome, never `begun`.
      worker.terminate()
      return lost(worker, job: job, during: nil)
    }
  }

  func begin(_ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord]) -> any BegunJob {
    switch take(job) {
    case .failure(let none): return JobToFinish { _ in none.outcome }
    case .success(let worker):
      switch converse(worker, .begin(job, reason: reason, known: known), job: job, released: { _ in }) {
      case .ended(let outcome): return JobToFinish { _ in outcome }
      case .begun: return BegunInWorker(worker: worker, job: job, executor: self)
      }
    }
  }

  private enum Answer {
    case ended(ModuleOutcome)
    /// The worker holds the job's parse and counts as running.
    case begun
  }

  private struct NoWorker: Error {
    var outcome: ModuleOutcome
  }

  /// An idle worker, or a new one, counted as running; or how the job ends
  /// without one.
  private func take(_ job: AnalysisJob) -> Result<WorkerProcess, NoWorker> {
    let worker: WorkerProcess
    if let reused = idleWorkers.withLock({ $0.popLast() }) {
      worker = reused
    } else {
      do {
        worker = try WorkerProcess(executable: executable, catalog: catalog)
      } catch {
        return .failure(NoWorker(outcome: .unusable(
          .cannotStartWorker(module: job.module, executable: executable, error),
          reason: .noWorkerProcess)))
      }
    }
    let stopping = running.withLock { running in
      if !running.stopping { running.workers[ObjectIdentifier(worker)] = worker }
      return running.stopping
    }
    if stopping {
      idleWorkers.withLock { $0.append(worker) }
      return .failure(NoWorker(outcome: Self.interrupted(seconds: 0)))
    }
    return .success(worker)
  }

  /// Sends `request` about `job` to `worker` (running) and waits for its
  /// answer (telling `released` the interface it hands on meanwhile). A
  /// worker that ends the job goes back to the idle ones.
  private func converse(
    _ worker: WorkerProcess, _ request: WorkerRequest, job: AnalysisJob, released: Released
  ) -> Answer {
    let clock = Stopwatch()
    var last: (stage: AnalysisStage, path: String)?
    running.withLock { _ = $0.waiting.remove(ObjectIdentifier(worker)) }
    if worker.send(request) {
      while let message = worker.receive() {
        switch message {
        case .file(let stage, let path): last = (stage, path)
        case .released(let interface): released(interface)
        case .begun:
          running.withLock { _ = $0.waiting.insert(ObjectIdentifier(worker)) }
          return .begun
        case .outcome(let outcome):
          release(worker, idle: true)
          return .ended(outcome)
        }
      }
    }
    return .ended(lost(worker, job: job, during: last, seconds: clock.seconds))
  }

  /// `worker` no longer runs a job: idle again, or gone.
  private func release(_ worker: WorkerProcess, idle: Bool) {
    running.withLock { running in
      running.workers.removeValue(forKey: ObjectIdentifier(worker))
      running.waiting.remove(ObjectIdentifier(worker))
    }
    if idle { idleWorkers.withLock { $0.append(worker) } }
  }

  /// The worker ended without an answer: the build stopped it, or it
  /// crashed (or was killed from outside).
  private func lost(
    _ worker: WorkerProcess, job: AnalysisJob, during last: (stage: AnalysisStage, path: String)?, seconds: Double = 0
  ) -> ModuleOutcome {
    let ending = worker.waitForEnd()
    release(worker, idle: false)
    if running.withLock({ $0.stopping }) { return Self.interrupted(seconds: seconds) }
    let crash = ToolFailure.analysisCrashed(module: job.module, ending: ending, during: last?.stage)
    guard let file = last?.path ?? job.sources.first else {
      return .unusable(crash, reason: .analysisCrashed, seconds: seconds)
    }
    return ModuleOutcome(
      status: .failed, seconds: seconds, reason: .analysisCrashed,
      diagnostics: [.error(.analysisCrashed, crash.message, at: SourceLocation(file: file, line: 1, column: 1))])
  }

  /// A job begun in `worker`, which keeps its parse (and stays counted as
  /// running, so that a stopping build kills it).
  private final class BegunInWorker: BegunJob {
    let worker: WorkerProcess
    let job: AnalysisJob
    let executor: WorkerProcessExecutor

    init(worker: WorkerProcess, job: AnalysisJob, executor: WorkerProcessExecutor) {
      self.worker = worker
      self.job = job
      self.executor = executor
    }

    func finish(released: @escaping Released) -> ModuleOutcome {
      switch executor.converse(worker, .finish, job: job, released: released) {
      case .ended(let outcome): return outcome
      case .begun:
        worker.terminate()
        return executor.lost(worker, job: job, during: nil)
      }
    }

    func abandon() {
      let stopping = executor.running.withLock { $0.stopping }
      if !stopping, worker.send(.abandon) {
        executor.release(worker, idle: true)
      } else {
        worker.terminate()
        _ = worker.waitForEnd()
        executor.release(worker, idle: false)
      }
    }
  }

  /// The running workers (and those keeping a begun job) are killed and
  /// no worker takes another job; the count says those that were
  /// analyzing. Their modules end not run: a worker writes nothing (the recorder
  /// writes what it answers), so a killed analysis leaves the module to be
  /// analyzed again.
  func stop() -> Int {
    let (workers, analyzing) = running.withLock { running in
      running.stopping = true
      return (Array(running.workers.values), running.workers.count - running.waiting.count)
    }
    for worker in workers { worker.terminate() }
    return analyzing
  }

  /// Ends every idle worker (their input closes; each exits).
  func finish() {
    for worker in idleWorkers.withLock({ workers in defer { workers = [] }; return workers }) {
      worker.closeInput()
      _ = worker.waitForEnd()
    }
  }

  /// The workers' memory is theirs: nothing to return here.
  func idle() {}

  private static func interrupted(seconds: Double) -> ModuleOutcome {
    ModuleOutcome(status: .notRun, seconds: seconds, reason: .interruptedWhileAnalyzed)
  }
}

/// One `implicits build-worker` process: its pipes as message channels.
final class WorkerProcess: @unchecked Sendable {
  private let child: ChildProcess
  private let requests: MessageChannel
  private let answers: MessageChannel

  init(executable: String, catalog: UpstreamCatalog) throws {
    child = try ChildProcess(executable: executable, arguments: ["build-worker"])
    requests = MessageChannel(descriptor: child.input)
    answers = MessageChannel(descriptor: child.output)
    _ = requests.send(WorkerRequest.catalog(catalog))
  }

  func send(_ request: WorkerRequest) -> Bool { requests.send(request) }

  /// The next message; nil when the worker's output ended.
  func receive() -> WorkerMessage? { answers.receive(WorkerMessage.self) }

  func closeInput() { child.closeInput() }

  /// Ends the process at once with SIGKILL (the build is stopping).
  func terminate() { child.kill() }

  /// Waits for the process to end; how it ended, in words.
  func waitForEnd() -> String { child.waitForEnd().description }
}
