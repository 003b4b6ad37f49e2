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
  /// Workers analyzing now, and whether the build is stopping (then no
  /// worker takes a job, and the running ones are killed).
  private let running = LockedValue<(workers: [ObjectIdentifier: WorkerProcess], stopping: Bool)>(([:], false))

  init(executable: String, catalog: UpstreamCatalog) {
    self.executable = executable
    self.catalog = catalog
    signal(SIGPIPE, SIG_IGN)
  }

  func run(_ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord]) -> ModuleOutcome {
    let worker: WorkerProcess
    if let reused = idleWorkers.withLock({ $0.popLast() }) {
      worker = reused
    } else {
      do {
        worker = try WorkerProcess(executable: executable, catalog: catalog)
      } catch {
        return .unusable(
          .cannotStartWorker(module: job.module, executable: executable, error),
          reason: .noWorkerProcess)
      }
    }
    let clock = Stopwatch()
    let key = ObjectIdentifier(worker)
    let stopping = running.withLock { running in
      if !running.stopping { running.workers[key] = worker }
      return running.stopping
    }
    if stopping {
      idleWorkers.withLock { $0.append(worker) }
      return Self.interrupted(seconds: 0)
    }
    defer { running.withLock { _ = $0.workers.removeValue(forKey: key) } }
    var last: (stage: AnalysisStage, path: String)?
    if worker.send(.analyze(job, reason: reason, known: known)) {
      while let message = worker.receive() {
        switch message {
        case .file(let stage, let path): last = (stage, path)
        case .outcome(let outcome):
          idleWorkers.withLock { $0.append(worker) }
          return outcome
        }
      }
    }
    // The worker ended without an answer: the build stopped it, or it
    // crashed (or was killed from outside).
    let ending = worker.waitForEnd()
    let seconds = clock.seconds
    if running.withLock({ $0.stopping }) { return Self.interrupted(seconds: seconds) }
    let crash = ToolFailure.analysisCrashed(module: job.module, ending: ending, during: last?.stage)
    guard let file = last?.path ?? job.sources.first else {
      return .unusable(crash, reason: .analysisCrashed, seconds: seconds)
    }
    return ModuleOutcome(
      status: .failed, seconds: seconds, reason: .analysisCrashed,
      diagnostics: [.error(.analysisCrashed, crash.message, at: SourceLocation(file: file, line: 1, column: 1))])
  }

  /// The running workers are killed and no worker takes another job.
  /// Their modules end not run: a worker writes nothing (the recorder
  /// writes what it answers), so a killed analysis leaves the module to be
  /// analyzed again.
  func stop() -> Int {
    let workers = running.withLock { running in
      running.stopping = true
      return Array(running.workers.values)
    }
    for worker in workers { worker.terminate() }
    return workers.count
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
