import Dispatch
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface

/// Runs one `AnalysisJob`: reads the module's sources (hashing only those
/// whose size or time changed since the plan saw them), analyzes the
/// module against the interfaces the catalog finds below it, writes its
/// interface, support file and chains (each atomically, each only when
/// its bytes changed), and returns how it ended with the record to store.
/// It removes nothing and stores nothing: the build's recorder does, for
/// failures too.
struct ModuleAnalysis {
  let job: AnalysisJob
  let catalog: UpstreamCatalog
  var fileSystem: any FileSystem = LocalFileSystem()
  /// Told which file the analysis works on.
  var progress: (@Sendable (AnalysisStage, String) -> Void)?

  /// `known`: the sources as the plan hashed them.
  func run(reason: String, known: [String: ModuleState.SourceRecord]) -> ModuleOutcome {
    let start = DispatchTime.now()
    func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
    let snapshot: SourceSnapshot
    let inputs: [SourceInput]
    do {
      snapshot = try SourceSnapshot.take(
        paths: job.sources, sourcesRoot: job.sourcesRoot, previous: known, fileSystem: fileSystem)
      inputs = try snapshot.inputs(fileSystem: fileSystem)
    } catch {
      return .unreadableSource(error, module: job.module, seconds: seconds())
    }
    // Read when the analysis first asks for them: most modules import a few
    // of the many modules below them. A module that imports very many holds
    // a bounded number of bytes of them at once.
    let upstream = catalog.interfaces(for: job.module, budget: InterfaceBudget())
    var request = AnalysisRequest(
      moduleName: job.module, sources: inputs, conditions: job.conditions, upstream: upstream,
      enableExporting: job.enableExporting)
    request.progress = progress
    let result = Analyzer.analyze(request)
    let unusable = upstream.asked.lazy.compactMap { ($0 as? LazyInterface).flatMap { file in file.failure.map { (file.moduleName, $0) } } }
    if let (module, error) = unusable.first {
      return .unusable(
        "module '\(job.module)' cannot be analyzed: \(error.message)", reason: "upstream interface '\(module)' is unusable",
        seconds: seconds())
    }
    if result.hasErrors {
      return ModuleOutcome(status: .failed, seconds: seconds(), reason: reason, diagnostics: result.diagnostics)
    }
    let layout = job.layout
    let fingerprint = result.encodedInterface.fingerprint.description
    let record: ModuleState
    do {
      try fileSystem.write(result.encodedInterface.bytes, to: layout.interface(of: job.module))
      try fileSystem.write(Array(result.supportFile.utf8), to: layout.supportFile(of: job.module))
      // Before the record: a record always has its chains.
      try fileSystem.write(Array(try JSONText(encoding: result.chains).renderedCompactly.utf8), to: layout.chains(of: job.module))
      record = ModuleState(
        module: job.module, seconds: seconds(), toolVersion: ToolVersion.current, options: job.optionsSignature,
        interfaceFingerprint: fingerprint, supportFile: SHA256.hex(Array(result.supportFile.utf8)),
        interfaceStamp: FileStamp(path: layout.interface(of: job.module), in: fileSystem),
        supportFileStamp: FileStamp(path: layout.supportFile(of: job.module), in: fileSystem), sources: snapshot.records,
        upstream: Dictionary(result.upstream.map { ($0.moduleName, $0.fingerprint.description) }, uniquingKeysWith: { a, _ in a }),
        warnings: result.diagnostics)
    } catch {
      var outcome = ModuleOutcome.unusable(
        "module '\(job.module)': cannot write its outputs: \(error)", reason: reason, seconds: seconds())
      outcome.diagnostics = result.diagnostics
      return outcome
    }
    var outcome = ModuleOutcome(
      status: .analyzed, seconds: seconds(), reason: reason, diagnostics: result.diagnostics, fingerprint: fingerprint)
    outcome.record = record
    return outcome
  }
}

extension ModuleOutcome {
  /// A module whose source cannot be read fails (and loses its record).
  static func unreadableSource(_ error: FileError, module: String, seconds: Double) -> ModuleOutcome {
    .unusable(
      "module '\(module)': cannot read source file '\(error.path)': \(error.reason)", reason: "a source file is unreadable",
      seconds: seconds)
  }
}
