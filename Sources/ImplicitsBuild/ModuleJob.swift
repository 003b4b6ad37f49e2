import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsManifest

/// How one module of a build ended.
public struct ModuleOutcome: Sendable, Codable {
  public enum Status: String, Sendable, Codable {
    case analyzed
    case upToDate = "up-to-date"
    case failed
    case notRun = "not-run"
  }

  public var status: Status
  public var seconds: Double
  /// When the module started, in seconds since the build started.
  public var started: Double = 0
  /// Why the module was analyzed or skipped (for `--explain`).
  public var reason: String
  public var diagnostics: [Diagnostic] = []
  /// Messages about unusable inputs (not diagnostics of the code).
  public var errors: [String] = []
  /// The interface fingerprint the module now has, when it has one.
  public var fingerprint: String?

  /// Whether the failure comes from unusable inputs rather than the code.
  public var isUnusable: Bool { status == .failed && !errors.isEmpty }
  /// Failed only because `--warnings-as-errors` made its warnings errors:
  /// its outputs are right and stay.
  public var failedOnWarnings = false
  /// The module's new record for the build database, when it has one
  /// (analyzed, or up to date with files touched since): the build stores
  /// it. A failed module without one loses its record.
  var record: ModuleState?
}

/// An upstream interface handed to a module's analysis.
struct UpstreamPath: Codable, Sendable {
  var module: String
  var path: String
}

/// Analyzes one module of a build that its check (`ModuleCheck`) found not
/// up to date. It runs on a scheduler thread, or in a worker process
/// (`AnalysisWorker`), which gets it as JSON.
struct ModuleJob: Codable, Sendable {
  let name: String
  let sourcePaths: [String]
  let conditions: [String]
  /// Upstream interfaces to hand the analysis.
  let upstream: [UpstreamPath]
  let sourcesRoot: String
  let outputDirectory: String
  let enableExporting: Bool
  /// What `ModuleSignature` gives for the module, recorded with its result.
  let optionsSignature: String

  var layout: BuildLayout { BuildLayout(outputDirectory: outputDirectory) }

  /// A signature of everything but sources and upstream fingerprints that
  /// changes a module's result: the tool, the module, its sources root,
  /// conditions and exporting, and its place in the graph (what it can see;
  /// `ModuleGraph.structureDigests`).
  static func optionsSignature(
    name: String, sourcesRoot: String, enableExporting: Bool, conditions: [String], structure: String
  ) -> String {
    SHA256.hex(Array(
      ([ToolVersion.current, name, sourcesRoot, enableExporting ? "exporting" : "plain"]
        + conditions.sorted().map { "-D" + $0 } + ["graph:" + structure]).joined(separator: "\n").utf8))
  }

  private enum CodingKeys: String, CodingKey {
    case name, sourcePaths, conditions, upstreamModules, otherUpstream, sourcesRoot, outputDirectory, enableExporting
    case optionsSignature
  }

  // The upstream list grows with the module's depth in the graph. The
  // modules of the build, whose interfaces are where the layout puts them,
  // travel as their names in one string (names are identifiers: a space
  // separates them), which JSON writes and reads at the speed of a copy;
  // one object per module cost a deep module's job milliseconds. Other
  // interfaces (external ones) keep their paths.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(sourcePaths, forKey: .sourcePaths)
    try container.encode(conditions, forKey: .conditions)
    let layout = self.layout
    var inLayout: [String] = []
    var other: [UpstreamPath] = []
    for entry in upstream {
      if entry.path == layout.interface(of: entry.module) { inLayout.append(entry.module) } else { other.append(entry) }
    }
    try container.encode(inLayout.joined(separator: " "), forKey: .upstreamModules)
    try container.encode(other, forKey: .otherUpstream)
    try container.encode(sourcesRoot, forKey: .sourcesRoot)
    try container.encode(outputDirectory, forKey: .outputDirectory)
    try container.encode(enableExporting, forKey: .enableExporting)
    try container.encode(optionsSignature, forKey: .optionsSignature)
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    sourcePaths = try container.decode([String].self, forKey: .sourcePaths)
    conditions = try container.decode([String].self, forKey: .conditions)
    sourcesRoot = try container.decode(String.self, forKey: .sourcesRoot)
    outputDirectory = try container.decode(String.self, forKey: .outputDirectory)
    enableExporting = try container.decode(Bool.self, forKey: .enableExporting)
    optionsSignature = try container.decode(String.self, forKey: .optionsSignature)
    let layout = BuildLayout(outputDirectory: outputDirectory)
    let names = try container.decode(String.self, forKey: .upstreamModules).utf8.split(separator: UInt8(ascii: " "))
    upstream =
      names.map { name in
        let module = String(Substring(name))
        return UpstreamPath(module: module, path: layout.interface(of: module))
      } + (try container.decode([UpstreamPath].self, forKey: .otherUpstream))
  }

  /// Told which file the analysis works on.
  var progress: (@Sendable (AnalysisStage, String) -> Void)?

  init(
    name: String, sourcePaths: [String], conditions: [String], upstream: [UpstreamPath], sourcesRoot: String,
    outputDirectory: String, enableExporting: Bool, optionsSignature: String
  ) {
    self.name = name
    self.sourcePaths = sourcePaths
    self.conditions = conditions
    self.upstream = upstream
    self.sourcesRoot = sourcesRoot
    self.outputDirectory = outputDirectory
    self.enableExporting = enableExporting
    self.optionsSignature = optionsSignature
  }

  /// Analyzes the module and writes its outputs and record. `records` are
  /// the sources as `check` hashed them: files whose size and time still
  /// match are not hashed again.
  func analyze(reason: String, records: [String: ModuleState.SourceRecord]) -> ModuleOutcome {
    let start = DispatchTime.now()
    let snapshot: SourceSnapshot
    do {
      snapshot = try SourceSnapshot.take(paths: sourcePaths, sourcesRoot: sourcesRoot, previous: records)
    } catch {
      return Self.unusableSource(error, module: name, seconds: 0)
    }
    // Read when the analysis first consults them: most modules import a
    // few of the many modules below them. A module that imports very many
    // holds a bounded number of bytes of them at once.
    let budget = InterfaceBudget()
    let interfaces = upstream.map { LazyInterface(moduleName: $0.module, path: $0.path, budget: budget) }
    return analyze(snapshot: snapshot, interfaces: interfaces, reason: reason, start: start)
  }

  private func analyze(snapshot: SourceSnapshot, interfaces: [LazyInterface], reason: String, start: DispatchTime) -> ModuleOutcome {
    func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
    let inputs: [SourceInput]
    do {
      inputs = try snapshot.inputs()
    } catch {
      return Self.unusableSource(error, module: name, seconds: seconds())
    }
    var request = AnalysisRequest(
      moduleName: name, sources: inputs, conditions: conditions, upstream: interfaces, enableExporting: enableExporting)
    request.progress = progress
    let result = Analyzer.analyze(request)
    if let (module, error) = interfaces.lazy.compactMap({ file in file.failure.map { (file.moduleName, $0) } }).first {
      layout.removeOutputs(of: name)
      return ModuleOutcome(
        status: .failed, seconds: seconds(), reason: "upstream interface '\(module)' is unusable",
        errors: ["error: module '\(name)' cannot be analyzed: \(error.description)"])
    }
    if result.hasErrors {
      // A failed module has no outputs that anything should trust.
      layout.removeOutputs(of: name)
      return ModuleOutcome(status: .failed, seconds: seconds(), reason: reason, diagnostics: result.diagnostics)
    }
    let fingerprint = result.encodedInterface.fingerprint.description
    let state: ModuleState
    do {
      try ModuleOutputs.write(result, interfacePath: layout.interface(of: name), supportFilePath: layout.supportFile(of: name))
      var record = ModuleState(
        format: ModuleState.currentFormat, toolVersion: ToolVersion.current, module: name, options: optionsSignature,
        sources: snapshot.records,
        upstream: Dictionary(result.upstream.map { ($0.moduleName, $0.fingerprint.description) }, uniquingKeysWith: { a, _ in a }),
        interfaceFingerprint: fingerprint, supportFile: SHA256.hex(Array(result.supportFile.utf8)),
        interfaceStamp: FileStamp(path: layout.interface(of: name)),
        supportFileStamp: FileStamp(path: layout.supportFile(of: name)), warnings: result.diagnostics,
        chains: result.chains)
      try record.writeChains(in: layout)
      record.chains = []
      record.seconds = seconds()
      state = record
    } catch {
      return ModuleOutcome(
        status: .failed, seconds: seconds(), reason: reason, diagnostics: result.diagnostics,
        errors: ["error: module '\(name)': cannot write its outputs: \(error)"])
    }
    var outcome = ModuleOutcome(
      status: .analyzed, seconds: seconds(), reason: reason, diagnostics: result.diagnostics, fingerprint: fingerprint)
    outcome.record = state
    return outcome
  }

  /// A module whose source cannot be read fails (and loses its record).
  static func unusableSource(_ error: SourceSnapshot.Failure, module name: String, seconds: Double) -> ModuleOutcome {
    guard case .unreadable(let path, let reason) = error else { fatalError() }
    return ModuleOutcome(
      status: .failed, seconds: seconds, reason: "a source file is unreadable",
      errors: ["error: module '\(name)': cannot read source file '\(path)': \(reason)"])
  }
}
