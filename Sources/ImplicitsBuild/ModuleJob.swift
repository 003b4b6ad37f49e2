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
}

/// An upstream interface handed to a module's analysis.
struct UpstreamPath: Codable, Sendable {
  var module: String
  var path: String
}

/// Analyzes one module of a build, or decides it is up to date. It runs on
/// a scheduler thread, or in a worker process (`AnalysisWorker`), which
/// gets it as JSON.
struct ModuleJob: Codable, Sendable {
  let name: String
  let sourcePaths: [String]
  let conditions: [String]
  /// Upstream interfaces to hand the analysis.
  let upstream: [UpstreamPath]
  let sourcesRoot: String
  let outputDirectory: String
  let enableExporting: Bool
  /// Interface fingerprints (hex) of the upstream modules, as this build
  /// knows them (finished modules, checked external interfaces): the
  /// up-to-date check needs no interface file. Not sent to workers: only
  /// the check, which the build runs itself, reads them.
  var knownFingerprints: [String: String] = [:]

  var layout: BuildLayout { BuildLayout(outputDirectory: outputDirectory) }

  private enum CodingKeys: String, CodingKey {
    case name, sourcePaths, conditions, upstream, sourcesRoot, outputDirectory, enableExporting
  }

  /// Told which file the analysis works on.
  var progress: (@Sendable (AnalysisStage, String) -> Void)?

  init(
    name: String, sourcePaths: [String], conditions: [String], upstream: [UpstreamPath], sourcesRoot: String,
    outputDirectory: String, enableExporting: Bool, knownFingerprints: [String: String]
  ) {
    self.name = name
    self.sourcePaths = sourcePaths
    self.conditions = conditions
    self.upstream = upstream
    self.sourcesRoot = sourcesRoot
    self.outputDirectory = outputDirectory
    self.enableExporting = enableExporting
    self.knownFingerprints = knownFingerprints
  }

  /// A signature of everything but sources and upstream fingerprints that
  /// changes the result.
  var optionsSignature: String {
    SHA256.hex(Array(
      ([ToolVersion.current, name, sourcesRoot, enableExporting ? "exporting" : "plain"]
        + conditions.sorted().map { "-D" + $0 } + upstream.map { "dep:" + $0.module }).joined(separator: "\n").utf8))
  }

  /// What `check` found.
  enum Check {
    /// Up to date, or its sources cannot be read: nothing to analyze.
    case done(ModuleOutcome)
    /// To be analyzed, and why; the sources as hashed (when they were).
    case analyze(reason: String, records: [String: ModuleState.SourceRecord])
  }

  /// Decides whether the module is up to date: its record, the sizes and
  /// times of its files (sources hashed only when those changed), and the
  /// fingerprints of its dependencies as this build knows them. Cheap; the
  /// build runs it on its own threads.
  func check() -> Check {
    let start = DispatchTime.now()
    func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
    let statePath = layout.state(of: name)
    guard let previous = ModuleState.read(from: statePath) else {
      return .analyze(reason: "no previous analysis", records: [:])
    }
    let snapshot: SourceSnapshot
    do {
      snapshot = try SourceSnapshot.take(paths: sourcePaths, sourcesRoot: sourcesRoot, previous: previous.sources)
    } catch {
      return .done(unusableSource(error, seconds: seconds()))
    }
    if let stale = staleness(previous, snapshot: snapshot) { return .analyze(reason: stale, records: snapshot.records) }
    // Files touched but not changed: remember their new times, so that the
    // next build does not read them again.
    var refreshed = previous
    refreshed.sources = snapshot.records
    refreshed.interfaceStamp = FileStamp(path: layout.interface(of: name))
    refreshed.supportFileStamp = FileStamp(path: layout.supportFile(of: name))
    if refreshed != previous { try? refreshed.writeRecord(to: statePath) }
    return .done(
      ModuleOutcome(
        status: .upToDate, seconds: seconds(), reason: "sources, options and upstream interfaces unchanged",
        diagnostics: previous.warnings, fingerprint: previous.interfaceFingerprint))
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
      return unusableSource(error, seconds: 0)
    }
    // Read when the analysis first consults them: most modules import a
    // few of the many modules below them.
    let interfaces = upstream.map { LazyInterface(moduleName: $0.module, path: $0.path) }
    return analyze(snapshot: snapshot, interfaces: interfaces, reason: reason, start: start)
  }

  /// Why the recorded analysis cannot be trusted now, or nil when it can.
  private func staleness(_ previous: ModuleState, snapshot: SourceSnapshot) -> String? {
    if previous.toolVersion != ToolVersion.current {
      return "the tool changed (\(previous.toolVersion) -> \(ToolVersion.current))"
    }
    if previous.options != optionsSignature { return "its options or dependencies changed" }
    let current = snapshot.records
    let changed = current.filter { previous.sources[$0.key]?.hash != $0.value.hash }.map(\.key)
    let removed = previous.sources.keys.filter { current[$0] == nil }
    if !changed.isEmpty || !removed.isEmpty {
      let names = (changed + removed).sorted()
      let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
      return "sources changed: \(shown)"
    }
    for (module, fingerprint) in previous.upstream.sorted(by: { $0.key < $1.key })
    where knownFingerprints[module] != fingerprint {
      return "the interface of '\(module)' changed"
    }
    let interfacePath = layout.interface(of: name)
    if previous.interfaceStamp == nil || FileStamp(path: interfacePath) != previous.interfaceStamp {
      guard let interface = try? InterfaceFile.load(path: interfacePath, expectedModule: name),
        interface.fingerprint.description == previous.interfaceFingerprint
      else { return "its interface is missing or was modified" }
    }
    let supportPath = layout.supportFile(of: name)
    if previous.supportFileStamp == nil || FileStamp(path: supportPath) != previous.supportFileStamp {
      guard let support = try? FileReading.read(supportPath), SHA256.hex(support) == previous.supportFile
      else { return "its support file is missing or was modified" }
    }
    return nil
  }

  private func analyze(snapshot: SourceSnapshot, interfaces: [LazyInterface], reason: String, start: DispatchTime) -> ModuleOutcome {
    func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
    let statePath = layout.state(of: name)
    let inputs: [SourceInput]
    do {
      inputs = try snapshot.inputs()
    } catch {
      return unusableSource(error, seconds: seconds())
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
    do {
      try ModuleOutputs.write(result, interfacePath: layout.interface(of: name), supportFilePath: layout.supportFile(of: name))
      let state = ModuleState(
        format: ModuleState.currentFormat, toolVersion: ToolVersion.current, module: name, options: optionsSignature,
        sources: snapshot.records,
        upstream: Dictionary(result.upstream.map { ($0.moduleName, $0.fingerprint.description) }, uniquingKeysWith: { a, _ in a }),
        interfaceFingerprint: fingerprint, supportFile: SHA256.hex(Array(result.supportFile.utf8)),
        interfaceStamp: FileStamp(path: layout.interface(of: name)),
        supportFileStamp: FileStamp(path: layout.supportFile(of: name)), warnings: result.diagnostics,
        chains: result.chains)
      try state.write(to: statePath)
    } catch {
      try? FileManager.default.removeItem(atPath: statePath)
      return ModuleOutcome(
        status: .failed, seconds: seconds(), reason: reason, diagnostics: result.diagnostics,
        errors: ["error: module '\(name)': cannot write its outputs: \(error)"])
    }
    return ModuleOutcome(
      status: .analyzed, seconds: seconds(), reason: reason, diagnostics: result.diagnostics, fingerprint: fingerprint)
  }

  private func unusableSource(_ error: SourceSnapshot.Failure, seconds: Double) -> ModuleOutcome {
    guard case .unreadable(let path, let reason) = error else { fatalError() }
    try? FileManager.default.removeItem(atPath: layout.state(of: name))
    return ModuleOutcome(
      status: .failed, seconds: seconds, reason: "a source file is unreadable",
      errors: ["error: module '\(name)': cannot read source file '\(path)': \(reason)"])
  }
}
