#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import ImplicitsAnalysis
import SystemPackage

/// The worker side of `implicits build`: a process that analyzes the
/// modules it reads from standard input and answers on standard output
/// (`WorkerRequest`, `WorkerMessage`). The build decides which modules are
/// stale; a crash in one module's analysis ends this process, not the
/// build, which reports that module as failed and starts another worker.
/// It finishes the job at hand when the build is interrupted (SIGINT and
/// SIGTERM are the build's to handle), then sees its input end and exits,
/// as it does when the build is killed.
public enum AnalysisWorker {
  /// Serves jobs until standard input ends; returns the exit status. The
  /// loop runs on one thread with the analysis stack, so that each job's
  /// analysis runs in place (`LargeStackThread`).
  public static func serve() -> Int32 {
    LargeStackThread.run { serveHere() }
  }

  private static func serveHere() -> Int32 {
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
    let output = MessageChannel(descriptor: .standardOutput)
    let input = MessageChannel(descriptor: .standardInput)
    guard case .catalog(let catalog)? = input.receive(WorkerRequest.self) else { return unreadable() }
    while let request = input.receive(WorkerRequest.self) {
      guard case .analyze(let job, let reason, let known) = request else { return unreadable() }
      var analysis = ModuleAnalysis(job: job, analyze: ModuleAnalysis.analyzer(catalog: catalog))
      analysis.progress = { stage, path in
        output.send(WorkerMessage.file(stage: stage, path: path))
        CrashForTesting.crashIfAsked(module: job.module, stage: stage)
      }
      guard output.send(WorkerMessage.outcome(analysis.run(reason: reason, known: known))) else { return 1 }
    }
    return 0
  }

  private static func unreadable() -> Int32 {
    FileHandle.standardError.write(Data("implicits build-worker: unreadable request\n".utf8))
    return 2
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
