import ImplicitsAnalysis

/// What `implicits build` was asked to do.
public struct BuildOptions: Sendable {
  public var manifestPath: String
  public var jobs: Int
  public var keepGoing: Bool
  public var outputDirectory: String?
  public var explain: Bool
  public var diagnosticsFormat: DiagnosticFormat
  public var reportPath: String?
  /// Only these modules and what they depend on; all when empty.
  public var modules: [String]

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

/// Where a build writes what it says: diagnostics to `output`, progress
/// and errors to `progress`.
public struct BuildConsole: Sendable {
  public var output: @Sendable (String) -> Void
  public var progress: @Sendable (String) -> Void

  public init(output: @escaping @Sendable (String) -> Void, progress: @escaping @Sendable (String) -> Void) {
    self.output = output
    self.progress = progress
  }
}
