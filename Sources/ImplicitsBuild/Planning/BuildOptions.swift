import ImplicitsFileSystem
import ImplicitsAnalysis

/// How `implicits build` picks the next module among the ready ones.
public enum SchedulingPolicy: Sendable {
  /// The longest estimated path to the end of the build first (the last
  /// build's times, else source sizes).
  case criticalPath
  /// The manifest's build order.
  case buildOrder
}

/// What `implicits build` was asked to do.
public struct BuildOptions: Sendable {
  public var manifestPath: String
  public var jobs: Int
  /// Active compilation conditions added to every module's (`-D`).
  public var defines: [String] = []
  /// The manifest configuration to build (`--configuration`); the first
  /// one when nil and the manifest names some.
  public var configuration: String?
  public var progressStyle: ProgressStyle = .lines
  public var warningsAsErrors = false
  public var keepGoing: Bool
  public var outputDirectory: String?
  public var explain: Bool
  public var diagnosticsFormat: DiagnosticFormat
  public var reportPath: String?
  /// Only these modules and what they depend on; all when empty.
  public var modules: [String]
  /// The `implicits` executable whose `build-worker` command analyzes
  /// modules in processes of their own (a crash fails one module, not the
  /// build); nil: on the build's threads.
  public var workerExecutable: String?
  /// Colours in `swiftc` diagnostics (standard output is a terminal that takes them).
  public var colorDiagnostics = false
  /// How the next ready module is chosen (the benchmarks compare both).
  public var scheduling: SchedulingPolicy = .criticalPath
  /// Whether modules overlap along their dependencies: a module's
  /// dependents start once its interface is written, before its support
  /// file and chains; and a thread with no ready module begins one whose
  /// dependencies are not done (its parse), when its analysis will run
  /// whatever they become (the benchmarks compare both).
  public var pipelining = true
  /// Whether the build's plan and records stay in memory when it returns,
  /// for a process that exits right after (the command line): freeing the
  /// values of 20,000 modules one by one took a tenth of a no-op build,
  /// and exiting gives the memory back at once (a compiler's
  /// `-disable-free`). Tests and the language server free it.
  public var keepsMemoryUntilExit = false
  /// The folder relative paths (the manifest's, the output directory's,
  /// the report's) are resolved from, and diagnostics are printed relative
  /// to: the command's current directory, or the client's for a build
  /// server, which never changes its own.
  public var workingDirectory = PathUtilities.currentDirectory()

  public init(
    manifestPath: String, jobs: Int, keepGoing: Bool = false, outputDirectory: String? = nil, explain: Bool = false,
    diagnosticsFormat: DiagnosticFormat = .swiftc, reportPath: String? = nil, modules: [String] = []
  ) {
    self.manifestPath = manifestPath
    self.jobs = jobs
    self.keepGoing = keepGoing
    self.outputDirectory = outputDirectory
    self.explain = explain
    self.diagnosticsFormat = diagnosticsFormat
    self.reportPath = reportPath
    self.modules = modules
  }
}

extension BuildOptions {
  /// `path` resolved from `workingDirectory`.
  func absolute(_ path: String) -> String {
    PathUtilities.absolute(path, relativeTo: workingDirectory)
  }

  /// How the build prints diagnostics.
  var diagnosticRenderer: DiagnosticRenderer {
    DiagnosticRenderer(workingDirectory: workingDirectory, colored: colorDiagnostics)
  }
}

/// Where a build writes what it says: diagnostics to `output`, progress
/// and errors to `progress` (one line each), the status line to `status`
/// (raw text, the same stream as `progress`).
public struct BuildConsole: Sendable {
  public var output: @Sendable (String) -> Void
  public var progress: @Sendable (String) -> Void
  public var status: @Sendable (String) -> Void
  /// The width of the terminal `status` writes to; nil when it is not one.
  public var terminalWidth: (@Sendable () -> Int)?

  public init(
    output: @escaping @Sendable (String) -> Void, progress: @escaping @Sendable (String) -> Void,
    status: @escaping @Sendable (String) -> Void = { _ in }, terminalWidth: (@Sendable () -> Int)? = nil
  ) {
    self.output = output
    self.progress = progress
    self.status = status
    self.terminalWidth = terminalWidth
  }
}
