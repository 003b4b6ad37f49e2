#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import ImplicitsAnalysis

/// What the build asks a worker process, one JSON line each: analyze a
/// module that its check found not up to date.
struct WorkerRequest: Codable, Sendable {
  var job: ModuleJob
  var reason: String
  var records: [String: ModuleState.SourceRecord]
}

/// What a worker process tells the build, one JSON line each.
enum WorkerMessage: Codable, Sendable {
  /// The analysis works on this file now.
  case file(stage: AnalysisStage, path: String)
  /// The job ended.
  case outcome(ModuleOutcome)
}

/// The worker side of `implicits build`: a process that analyzes the
/// modules it reads from standard input, one JSON line each, and answers on
/// standard output (the build decides first which modules are up to date). A crash in one module's analysis ends this process,
/// not the build, which reports that module as failed and starts another
/// worker. It finishes the job at hand when the build is interrupted
/// (SIGINT and SIGTERM are the build's to handle), then sees its input end
/// and exits, as it does when the build is killed.
public enum AnalysisWorker {
  /// For tests of crash isolation only: a worker asked to analyze the
  /// module named by this environment variable crashes (SIGSEGV) when it
  /// comes to the bodies of its first file.
  public static let crashForTestingVariable = "IMPLICITS_TEST_CRASH_IN_MODULE"

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
    let crashModule = ProcessInfo.processInfo.environment[crashForTestingVariable]
    let output = LineChannel(descriptor: STDOUT_FILENO)
    let input = LineChannel(descriptor: STDIN_FILENO)
    let decoder = JSONDecoder()
    while let line = input.readLine() {
      guard let request = try? decoder.decode(WorkerRequest.self, from: Data(line)) else {
        FileHandle.standardError.write(Data("implicits build-worker: unreadable request\n".utf8))
        return 2
      }
      var job = request.job
      let name = job.name
      job.progress = { stage, path in
        output.send(WorkerMessage.file(stage: stage, path: path))
        if name == crashModule, stage == .analyzingBodies {
          // A real fault, as a crash in the analysis would be.
          UnsafeMutablePointer<UInt8>(bitPattern: 0x10)!.pointee = 0
        }
      }
      let outcome = job.analyze(reason: request.reason, records: request.records)
      guard output.send(WorkerMessage.outcome(outcome)) else { return 1 }
    }
    return 0
  }
}

/// Lines of JSON over a pipe, in one direction.
final class LineChannel: @unchecked Sendable {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private let lock = NSLock()

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Writes `value` as one JSON line; false when the other end is gone.
  @discardableResult
  func send<Value: Encodable>(_ value: Value) -> Bool {
    guard var bytes = try? JSONEncoder().encode(value) else { return false }
    bytes.append(0x0A)
    lock.lock()
    defer { lock.unlock() }
    return bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }

  /// The next line, without its newline; nil at the end of the stream.
  /// Each byte is searched once, however long the line.
  func readLine() -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var searched = 0
    while true {
      if let newline = buffer[searched...].firstIndex(of: 0x0A) {
        let line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        return line
      }
      searched = buffer.count
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return nil }
      buffer += chunk[0..<count]
    }
  }
}
