#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import ImplicitsAnalysis
import ImplicitsToolSupport
import SystemPackage

/// The worker side of `implicits build`: a process that analyzes the
/// modules it reads from standard input and answers on standard output
/// (`WorkerRequest`, `WorkerMessage`), each whole or in two parts (the
/// parse, kept here until the build says to finish or drop it). The build decides which modules are
/// stale and writes what the analyses made; a crash in one module's
/// analysis ends this process, not the build, which reports that module
/// as failed and starts another worker. SIGINT and SIGTERM are the
/// build's to handle. The worker dies with its build: its input ending
/// during a job (the build was killed, even with SIGKILL alone) ends it at
/// once, and on Linux so does the build's death (`PR_SET_PDEATHSIG`);
/// between jobs, its input's end is the build saying it is done.
public enum AnalysisWorker {
  /// Serves jobs until standard input ends; returns the exit status. The
  /// loop runs on one thread with the analysis stack, so that each job's
  /// analysis runs in place (`LargeStackThread`).
  public static func serve() -> ExitStatus {
    LargeStackThread.run { serveHere() }
  }

  private static func serveHere() -> ExitStatus {
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
    dieWithParent()
    let output = MessageChannel(descriptor: .standardOutput)
    let input = WorkerInput()
    guard case .catalog(let catalog)? = input.next() else { return unreadable() }
    func analysis(of job: AnalysisJob) -> ModuleAnalysis {
      var analysis = ModuleAnalysis(job: job, analyze: ModuleAnalysis.analyzer(catalog: catalog))
      analysis.progress = { stage, path in
        output.send(WorkerMessage.file(stage: stage, path: path))
        PauseForTesting.pauseIfAsked(module: job.module, stage: stage)
        CrashForTesting.crashIfAsked(module: job.module, stage: stage)
      }
      analysis.released = { _ = output.send(WorkerMessage.released($0)) }
      return analysis
    }
    // A job begun, waiting for `finish` or `abandon`.
    var begun: (analysis: ModuleAnalysis, parsed: BegunAnalysis, reason: ModuleReason)?
    while let request = input.next() {
      let answer: WorkerMessage
      switch request {
      case .analyze(let job, let reason, let known):
        guard begun == nil else { return unreadable() }
        answer = .outcome(analysis(of: job).run(reason: reason, known: known))
      case .begin(let job, let reason, let known):
        guard begun == nil else { return unreadable() }
        let started = analysis(of: job)
        let parsed = started.begin(known: known)
        if case .ended(let outcome) = parsed.state {
          answer = .outcome(outcome)
        } else {
          begun = (started, parsed, reason)
          answer = .begun
        }
      case .finish:
        guard let job = begun else { return unreadable() }
        begun = nil
        answer = .outcome(job.analysis.finish(job.parsed, reason: job.reason))
      case .abandon:
        guard begun != nil else { return unreadable() }
        begun = nil
        continue
      case .catalog: return unreadable()
      }
      guard output.send(answer) else { return .failure }
    }
    return .success
  }

  private static func unreadable() -> ExitStatus {
    FileHandle.standardError.write(Data("implicits build-worker: unreadable request\n".utf8))
    return .unusable
  }

  /// On Linux, SIGKILL when the thread that started this process ends
  /// (the build's scheduler threads end only once no job runs). `prctl`
  /// is variadic, which Swift does not call: it is called through a
  /// prototype with its four integer arguments, as C callers pass them.
  private static func dieWithParent() {
    #if os(Linux)
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      guard let prctl = dlsym(nil, "prctl") else { return }
      let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
      _ = unsafeBitCast(prctl, to: Prctl.self)(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
    #endif
  }
}

/// A worker's standard input, read on a thread of its own so that its end
/// is seen during a job too: the build is then gone, and the worker ends
/// at once (what it analyzes is for no one).
private final class WorkerInput: @unchecked Sendable {
  private let condition = NSCondition()
  private var queued: [WorkerRequest] = []
  private var ended = false
  /// A request was taken and its job runs.
  private var busy = false

  init() {
    Thread.detachNewThread { [self] in
      let input = MessageChannel(descriptor: .standardInput)
      while let request = input.receive(WorkerRequest.self) {
        condition.withLock {
          queued.append(request)
          condition.signal()
        }
      }
      condition.withLock {
        if busy { _exit(1) }
        ended = true
        condition.signal()
      }
    }
  }

  /// The next request (the previous one's job ended); nil when the input
  /// ended.
  func next() -> WorkerRequest? {
    condition.withLock {
      busy = false
      while queued.isEmpty && !ended { condition.wait() }
      guard !queued.isEmpty else { return nil }
      busy = true
      return queued.removeFirst()
    }
  }
}

/// For the tests of crash isolation, in debug builds only: a worker (or
/// the language server) asked to analyze the module that
/// `IMPLICITS_TEST_CRASH_IN_MODULE` names crashes (SIGSEGV) when it comes
/// to the bodies of its first file.
package enum CrashForTesting {
  package static func crashIfAsked(module: String, stage: AnalysisStage) {
    #if DEBUG
      if stage == .analyzingBodies, module == ProcessInfo.processInfo.environment["IMPLICITS_TEST_CRASH_IN_MODULE"] {
        // A real fault, as a crash in the analysis would be.
        UnsafeMutablePointer<UInt8>(bitPattern: 0x10)!.pointee = 0
      }
    #endif
  }
}

/// For the tests of a killed build, in debug builds only: a worker asked
/// to analyze the module that `IMPLICITS_TEST_PAUSE_IN_MODULE` names, when
/// it comes to the bodies of its first file (it read the module's sources),
/// writes its process id to the file `IMPLICITS_TEST_PAUSE_FILE` names and
/// waits, running, until that file is removed. (Not SIGSTOP: a stopped
/// process whose build dies gets SIGHUP with its orphaned process group.)
enum PauseForTesting {
  private static let paused = LockedValue(false)

  static func pauseIfAsked(module: String, stage: AnalysisStage) {
    #if DEBUG
      let environment = ProcessInfo.processInfo.environment
      guard stage == .analyzingBodies, module == environment["IMPLICITS_TEST_PAUSE_IN_MODULE"],
        let file = environment["IMPLICITS_TEST_PAUSE_FILE"],
        !paused.withLock({ paused in defer { paused = true }; return paused })
      else { return }
      _ = FileManager.default.createFile(atPath: file, contents: Data("\(getpid())".utf8))
      while FileManager.default.fileExists(atPath: file) { usleep(10_000) }
    #endif
  }
}
