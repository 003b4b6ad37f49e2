#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import ImplicitsAnalysis

/// Where a build's module jobs run: in worker processes (`implicits
/// build-worker`, one per scheduler thread at most, started on demand and
/// reused), so that a crash in one module's analysis fails that module
/// alone, or, without an executable, on the scheduler's threads.
final class AnalysisWorkers: @unchecked Sendable {
  private let executable: String?
  private let idle = LockedValue<[WorkerProcess]>([])
  /// Workers analyzing now, and whether the build is stopping (then no
  /// worker takes a job, and the running ones are killed).
  private let running = LockedValue<(workers: [ObjectIdentifier: WorkerProcess], stopping: Bool)>(([:], false))

  init(executable: String?) {
    self.executable = executable
    if executable != nil { signal(SIGPIPE, SIG_IGN) }
  }

  /// Analyzes `job`'s module (its check found it not up to date, for
  /// `reason`; `records` are its sources as the check hashed them), in a
  /// worker process when there is an executable, else right here.
  func analyze(_ job: ModuleJob, reason: String, records: [String: ModuleState.SourceRecord]) -> ModuleOutcome {
    guard let executable else { return job.analyze(reason: reason, records: records) }
    let reused = idle.withLock { $0.popLast() }
    let worker: WorkerProcess
    if let reused {
      worker = reused
    } else {
      do {
        worker = try WorkerProcess(executable: executable)
      } catch {
        return ModuleOutcome(
          status: .failed, seconds: 0, reason: "no worker process could be started",
          errors: ["error: module '\(job.name)': cannot start a worker process ('\(executable) build-worker'): \(error)"])
      }
    }
    let start = DispatchTime.now()
    let key = ObjectIdentifier(worker)
    let stopping = running.withLock { running in
      if !running.stopping { running.workers[key] = worker }
      return running.stopping
    }
    if stopping {
      idle.withLock { $0.append(worker) }
      return Self.interrupted(seconds: 0)
    }
    defer { running.withLock { _ = $0.workers.removeValue(forKey: key) } }
    var last: (stage: AnalysisStage, path: String)?
    if worker.send(WorkerRequest(job: job, reason: reason, records: records)) {
      while let message = worker.receive() {
        switch message {
        case .file(let stage, let path): last = (stage, path)
        case .outcome(let outcome):
          idle.withLock { $0.append(worker) }
          return outcome
        }
      }
    }
    // The worker ended without an answer: the build stopped it, or it
    // crashed (or was killed from outside).
    let ending = worker.waitForEnd()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    if running.withLock({ $0.stopping }) { return Self.interrupted(seconds: seconds) }
    let place = last.map { "while \($0.stage.rawValue) this file" } ?? "before it read any file"
    let message =
      "The analysis of module '\(job.name)' crashed (\(ending)) \(place); the other modules are not affected. "
      + "This is a bug of implicits or of SwiftSyntax: please report it with the module's sources"
    guard let file = last?.path ?? job.sourcePaths.first else {
      return ModuleOutcome(
        status: .failed, seconds: seconds, reason: "its analysis crashed", errors: ["error: " + message])
    }
    job.layout.removeOutputs(of: job.name)
    return ModuleOutcome(
      status: .failed, seconds: seconds, reason: "its analysis crashed",
      diagnostics: [.error(.analysisCrashed, message, at: SourceLocation(file: file, line: 1, column: 1))])
  }

  /// Stops the build's analyses now (Ctrl-C): the running workers are
  /// killed and no worker takes another job. Their modules end not run;
  /// outputs are renamed into place whole, and a module's record is stored
  /// only after its outputs, so a killed analysis leaves the module to be
  /// analyzed again. Returns the number of analyses stopped.
  @discardableResult
  func stop() -> Int {
    let workers = running.withLock { running in
      running.stopping = true
      return Array(running.workers.values)
    }
    for worker in workers { worker.kill() }
    return workers.count
  }

  private static func interrupted(seconds: Double) -> ModuleOutcome {
    ModuleOutcome(status: .notRun, seconds: seconds, reason: "the build was interrupted while it was analyzed")
  }

  /// Ends every idle worker (their input closes; each exits).
  func finish() {
    for worker in idle.withLock({ workers in defer { workers = [] }; return workers }) {
      worker.closeInput()
      _ = worker.waitForEnd()
    }
  }
}

/// SIGKILL to `pid` (`kill` is a method name in `WorkerProcess`).
private func killProcess(_ pid: pid_t) {
  _ = kill(pid, SIGKILL)
}

/// One `implicits build-worker` process and its two pipes.
final class WorkerProcess: @unchecked Sendable {
  private let process = Process()
  private let requests: LineChannel
  private let answers: LineChannel
  private let requestPipe = Pipe()
  private let answerPipe = Pipe()
  private let decoder = JSONDecoder()

  init(executable: String) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["build-worker"]
    process.standardInput = requestPipe
    process.standardOutput = answerPipe
    try process.run()
    requests = LineChannel(descriptor: requestPipe.fileHandleForWriting.fileDescriptor)
    answers = LineChannel(descriptor: answerPipe.fileHandleForReading.fileDescriptor)
  }

  func send(_ request: WorkerRequest) -> Bool { requests.send(request) }

  /// The next message; nil when the worker's output ended.
  func receive() -> WorkerMessage? {
    guard let line = answers.readLine() else { return nil }
    return try? decoder.decode(WorkerMessage.self, from: Data(line))
  }

  func closeInput() {
    try? requestPipe.fileHandleForWriting.close()
  }

  /// Ends the process at once (the build is stopping).
  func kill() {
    let pid = process.processIdentifier
    if pid > 0 { killProcess(pid) }
  }

  /// Waits for the process to end; how it ended, in words.
  func waitForEnd() -> String {
    closeInput()
    process.waitUntilExit()
    let status = process.terminationStatus
    if process.terminationReason == .uncaughtSignal {
      return "signal \(status)" + (Self.signalNames[status].map { ", \($0)" } ?? "")
    }
    return "exit status \(status)"
  }

  private static let signalNames: [Int32: String] = [
    SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGFPE: "SIGFPE",
    SIGKILL: "SIGKILL", SIGTERM: "SIGTERM",
  ]
}
