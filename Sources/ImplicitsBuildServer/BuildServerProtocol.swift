import ImplicitsAnalysis
import ImplicitsBuild
import ImplicitsInterface
import ImplicitsToolSupport

import Foundation

/// How long the build server and its clients wait for each other, in
/// seconds (`IMPLICITS_BUILD_SERVER_TIMEOUT` sets it, for tests; default
/// 10): a client that hears nothing from its server for this long (no
/// answer, no sign of life) builds without it; a client that takes nothing
/// of what the server writes to it for this long (stopped with Ctrl-Z) has
/// its build interrupted, so that it does not hold the other builds up;
/// a connection that sends no request within it is closed.
enum BuildServerTimeout {
  static let seconds: Double = {
    let set = ProcessInfo.processInfo.environment["IMPLICITS_BUILD_SERVER_TIMEOUT"].flatMap(Double.init)
    return set.flatMap { $0 > 0 && $0 < 86_400 ? $0 : nil } ?? 10
  }()

  /// "10 s", "0.5 s".
  static var described: String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }

  /// How often the server says it is alive (`BuildServerMessage.alive`)
  /// while it has a request of the client's.
  static var heartbeat: Double { seconds / 5 }
}

/// What a client (`implicits build --server`) asks the build server, over
/// its socket, in `MessageChannel` frames: one request, then, during a
/// build, `interrupt` when the user presses Ctrl-C.
enum BuildServerRequest: BuildCodable {
  /// The longest request frame the server reads (a build's options).
  static let limit = 4 << 20

  /// Run this build, in this current directory, for a terminal this wide
  /// (nil: standard error is not a terminal), writing files with the
  /// client's umask.
  case build(BuildOptions, directory: String, terminalWidth: Int?, umask: Int)
  case interrupt
  /// Say what the server keeps.
  case status
  /// End the server (after the build it is running, if any).
  case stop

  /// The widest terminal and the most jobs a build request may name.
  static let widestTerminal = 100_000
  static let mostJobs = 4_096

  /// What is out of range in the request, in words; nil when nothing is.
  /// A request comes from a process of the user's own, hand-made or not:
  /// a number no client sends is refused, never computed with.
  var problem: String? {
    guard case .build(let options, _, let terminalWidth, let umask) = self else { return nil }
    if !(0...0o777).contains(umask) { return "the umask \(umask) is out of range (0 to 0777)" }
    if let terminalWidth, !(1...Self.widestTerminal).contains(terminalWidth) {
      return "the terminal width \(terminalWidth) is out of range (1 to \(Self.widestTerminal))"
    }
    if !(0...Self.mostJobs).contains(options.jobs) {
      return "the number of jobs \(options.jobs) is out of range (0 to \(Self.mostJobs))"
    }
    return nil
  }

  package func encode(to writer: inout ByteWriter) {
    switch self {
    case .build(let options, let directory, let terminalWidth, let umask):
      writer.u8(1)
      options.encode(to: &writer)
      directory.encode(to: &writer)
      terminalWidth.encode(to: &writer)
      umask.encode(to: &writer)
    case .interrupt: writer.u8(2)
    case .status: writer.u8(3)
    case .stop: writer.u8(4)
    }
  }

  package init?(from reader: inout ByteReader) {
    switch reader.u8() {
    case 1:
      guard let options = BuildOptions(from: &reader), let directory = String(from: &reader),
        let terminalWidth = Int?(from: &reader), let umask = Int(from: &reader)
      else { return nil }
      self = .build(options, directory: directory, terminalWidth: terminalWidth, umask: umask)
    case 2: self = .interrupt
    case 3: self = .status
    case 4: self = .stop
    default: return nil
    }
  }
}

/// What the build server tells its client: what the build prints, in
/// order, then how it ended.
enum BuildServerMessage: BuildCodable {
  /// The longest frame a client reads (a build's diagnostics in one JSON
  /// document can be long).
  static let limit = 1 << 30

  /// Standard output (diagnostics).
  case output(String)
  /// A line on standard error (progress, errors, the summary).
  case progress(String)
  /// The status line, raw, on standard error.
  case status(String)
  /// The exit status; the last message.
  case exit(ExitStatus)
  /// The server is there and has the request (sent at once, then every
  /// `BuildServerTimeout.heartbeat` seconds until it answered).
  case alive
  /// The server does not take the request (why, in words): the client
  /// builds without it.
  case refused(String)

  package func encode(to writer: inout ByteWriter) {
    switch self {
    case .output(let text):
      writer.u8(1)
      text.encode(to: &writer)
    case .progress(let text):
      writer.u8(2)
      text.encode(to: &writer)
    case .status(let text):
      writer.u8(3)
      text.encode(to: &writer)
    case .exit(let status):
      writer.u8(4)
      status.encode(to: &writer)
    case .alive: writer.u8(5)
    case .refused(let text):
      writer.u8(6)
      text.encode(to: &writer)
    }
  }

  package init?(from reader: inout ByteReader) {
    let kind = reader.u8()
    switch kind {
    case 4:
      guard let status = ExitStatus(from: &reader) else { return nil }
      self = .exit(status)
      return
    case 5:
      self = .alive
      return
    default: break
    }
    guard let text = String(from: &reader) else { return nil }
    switch kind {
    case 1: self = .output(text)
    case 2: self = .progress(text)
    case 3: self = .status(text)
    case 6: self = .refused(text)
    default: return nil
    }
  }
}

/// The options a client hands over: what `implicits build` was asked.
/// (How analyses run is the server's: in its process, from what it kept.)
extension BuildOptions: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    manifestPath.encode(to: &writer)
    jobs.encode(to: &writer)
    defines.encode(to: &writer)
    configuration.encode(to: &writer)
    progressStyle.rawValue.encode(to: &writer)
    warningsAsErrors.encode(to: &writer)
    keepGoing.encode(to: &writer)
    outputDirectory.encode(to: &writer)
    explain.encode(to: &writer)
    diagnosticsFormat.rawValue.encode(to: &writer)
    reportPath.encode(to: &writer)
    modules.encode(to: &writer)
    colorDiagnostics.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let manifestPath = String(from: &reader), let jobs = Int(from: &reader), jobs > 0,
      let defines = [String](from: &reader), let configuration = String?(from: &reader),
      let style = String(from: &reader).flatMap(ProgressStyle.init(rawValue:)), let warningsAsErrors = Bool(from: &reader),
      let keepGoing = Bool(from: &reader), let outputDirectory = String?(from: &reader), let explain = Bool(from: &reader),
      let format = String(from: &reader).flatMap(DiagnosticFormat.init(rawValue:)), let reportPath = String?(from: &reader),
      let modules = [String](from: &reader), let colorDiagnostics = Bool(from: &reader)
    else { return nil }
    self.init(
      manifestPath: manifestPath, jobs: jobs, keepGoing: keepGoing, outputDirectory: outputDirectory, explain: explain,
      diagnosticsFormat: format, reportPath: reportPath, modules: modules)
    self.defines = defines
    self.configuration = configuration
    self.progressStyle = style
    self.warningsAsErrors = warningsAsErrors
    self.colorDiagnostics = colorDiagnostics
  }
}
