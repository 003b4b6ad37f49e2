import Dispatch
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsToolSupport

/// Runs one `AnalysisJob`: reads the module's sources (hashing only those
/// whose size or time changed since the plan saw them), analyzes the
/// module against the interfaces the catalog finds below it, and returns
/// how it ended with its outputs (interface, support file, chains) and the
/// record to store. It writes, removes and stores nothing: the build's
/// recorder does, in the build's process, while the build holds the output
/// directory's lock (so a worker that outlives a killed build cannot write
/// over what a later build wrote).
package struct ModuleAnalysis {
  /// What analyzes the sources: the analyzer against the interfaces the
  /// catalog finds (`analyzer(catalog:)`), or a stand-in in tests. Nil
  /// result: an upstream interface was unusable (the module and why).
  package typealias Analyze = @Sendable (AnalysisRequest) -> Result<AnalysisResult, UnusableUpstream>

  /// An upstream interface the analysis could not use.
  package struct UnusableUpstream: Error {
    var module: String
    var error: InterfaceError
  }

  let job: AnalysisJob
  let analyze: Analyze
  var fileSystem: any FileSystem
  /// Told which file the analysis works on.
  package var progress: (@Sendable (AnalysisStage, String) -> Void)?
  /// Told the module's interface as soon as the analysis made it, when it
  /// is one to hand on (`ReleasedInterface`); the outcome then carries
  /// no interface.
  package var released: (@Sendable (ReleasedInterface) -> Void)?
  /// Whether `begin` parses the sources. An analysis that keeps its trees
  /// from one build to the next (a build server's `AnalysisSession`) parses
  /// them itself, with its own cache: trees parsed here would be new ones
  /// for every file, every build.
  package var parsesAhead = true

  package init(job: AnalysisJob, analyze: @escaping Analyze, fileSystem: any FileSystem = LocalFileSystem()) {
    self.job = job
    self.analyze = analyze
    self.fileSystem = fileSystem
  }

  /// The analyzer, reading the interfaces `catalog` finds below each module
  /// when it first asks for them: most modules import a few of the many
  /// modules below them. A module that imports very many holds a bounded
  /// number of bytes of them at once.
  static func analyzer(catalog: UpstreamCatalog) -> Analyze {
    { request in
      var request = request
      request.upstream = catalog.interfaces(for: request.moduleName, budget: InterfaceBudget())
      return analyzeChecked(request)
    }
  }

  /// `request` analyzed, unless an upstream interface it read was unusable.
  package static func analyzeChecked(
    _ request: AnalysisRequest, by analyze: (AnalysisRequest) -> AnalysisResult = Analyzer.analyze
  ) -> Result<AnalysisResult, UnusableUpstream> {
    let result = analyze(request)
    if let unusable = unusable(in: request.upstream) { return .failure(unusable) }
    return .success(result)
  }

  /// The first interface `upstream` could not use, of those asked for.
  static func unusable(in upstream: UpstreamInterfaces) -> UnusableUpstream? {
    for case let file as LazyInterface in upstream.asked {
      if let error = file.failure { return UnusableUpstream(module: file.moduleName, error: error) }
    }
    return nil
  }

  /// `known`: the sources as the plan hashed them.
  package func run(reason: ModuleReason, known: [String: ModuleState.SourceRecord]) -> ModuleOutcome {
    finish(begin(known: known), reason: reason)
  }

  /// The part of the analysis that needs nothing from the modules below:
  /// reading the sources and parsing them. A build runs it while those
  /// modules are still analyzed; `finish` does the rest.
  package func begin(known: [String: ModuleState.SourceRecord]) -> BegunAnalysis {
    let clock = Stopwatch()
    let snapshot: SourceSnapshot
    let inputs: [SourceInput]
    do {
      snapshot = try SourceSnapshot.take(
        paths: job.sources, sourcesRoot: job.sourcesRoot, previous: known, fileSystem: fileSystem)
      inputs = try snapshot.inputs(fileSystem: fileSystem)
    } catch {
      return BegunAnalysis(.ended(.unreadableSource(error, module: job.module, seconds: clock.seconds)), seconds: clock.seconds)
    }
    let readingSources = clock.seconds
    var request = AnalysisRequest(
      moduleName: job.module, sources: inputs, conditions: job.conditions, enableExporting: job.enableExporting)
    request.progress = progress
    if parsesAhead { request = Analyzer.parsing(request) }
    return BegunAnalysis(.parsed(snapshot, request, readingSources: readingSources), seconds: clock.seconds)
  }

  /// The rest of the analysis `begin` began, against the interfaces below.
  package func finish(_ begun: BegunAnalysis, reason: ModuleReason) -> ModuleOutcome {
    let clock = Stopwatch()
    func seconds() -> Double { begun.seconds + clock.seconds }
    let snapshot: SourceSnapshot
    var request: AnalysisRequest
    let readingSources: Double
    switch begun.state {
    case .ended(let outcome): return outcome
    case .parsed(let taken, let parsed, let reading): (snapshot, request, readingSources) = (taken, parsed, reading)
    }
    // Whether the interface was handed on, and what that took (the
    // build's, not the analysis's).
    var handedOn = (done: false, seconds: 0.0)
    if let released {
      request.interfaceMade = { made in
        guard let interface = ReleasedInterface(made) else { return }
        let clock = Stopwatch()
        released(interface)
        handedOn = (true, clock.seconds)
      }
    }
    let result: AnalysisResult
    switch analyze(request) {
    case .success(let analyzed): result = analyzed
    case .failure(let unusable):
      return .unusable(
        .cannotAnalyze(module: job.module, unusable.error.message),
        reason: .upstreamUnusable(unusable.module), seconds: seconds())
    }
    var phases = ModulePhases(sources: readingSources, analysis: result.times)
    phases.analysis.outputs = max(0, phases.analysis.outputs - handedOn.seconds)
    if result.hasErrors {
      var failed = ModuleOutcome(status: .failed, seconds: seconds(), reason: reason, diagnostics: result.diagnostics)
      failed.phases = phases
      return failed
    }
    // The chains rendered to their bytes are outputs too.
    let encoding = Stopwatch()
    let outputs = ModuleOutputs(
      interface: handedOn.done ? nil : result.encodedInterface.bytes, supportFile: Array(result.supportFile.utf8),
      chains: ChainsFile.bytes(result.chains, interface: result.encodedInterface.fingerprint))
    phases.analysis.outputs += encoding.seconds
    var outcome = ModuleOutcome(
      status: .analyzed, seconds: seconds(), reason: reason, diagnostics: result.diagnostics,
      fingerprint: result.encodedInterface.fingerprint.description)
    outcome.outputs = outputs
    outcome.phases = phases
    // The outputs' stamps are the recorder's to add, once it wrote them.
    outcome.record = ModuleState(
      module: job.module, seconds: seconds(), toolVersion: ToolIdentity.current, options: job.optionsSignature,
      interfaceFingerprint: result.encodedInterface.fingerprint.description,
      supportFile: SHA256.hex(Array(result.supportFile.utf8)), interfaceStamp: nil, supportFileStamp: nil,
      sources: snapshot.records,
      upstream: Dictionary(result.upstream.map { ($0.moduleName, $0.fingerprint.description) }, uniquingKeysWith: { a, _ in a }),
      warnings: result.diagnostics)
    return outcome
  }
}

/// A module's analysis begun (`ModuleAnalysis.begin`): its sources read
/// and parsed, waiting for the interfaces below; or already ended (a
/// source could not be read). Immutable, so it may wait on one thread and
/// be finished on another.
package struct BegunAnalysis: @unchecked Sendable {
  enum State {
    case ended(ModuleOutcome)
    case parsed(SourceSnapshot, AnalysisRequest, readingSources: Double)
  }

  let state: State
  /// What the part begun took.
  let seconds: Double

  init(_ state: State, seconds: Double) {
    self.state = state
    self.seconds = seconds
  }
}

/// A module's outputs as its analysis made them, not yet written.
struct ModuleOutputs: Sendable {
  /// Nil when the build wrote it already (`ReleasedInterface`).
  var interface: [UInt8]?
  var supportFile: [UInt8]
  var chains: [UInt8]

  /// Writes them where `layout` puts `module`'s (each atomically, each only
  /// when its bytes changed; the chains before the record is stored, so a
  /// record always has its chains) and returns the support file's stamp
  /// and the interface's, when it wrote it.
  func write(
    module: String, layout: BuildLayout, fileSystem: any FileSystem
  ) throws(FileError) -> (interface: FileStamp?, supportFile: FileStamp?) {
    if let interface { try Self.writeInterface(interface, module: module, layout: layout, fileSystem: fileSystem) }
    try fileSystem.write(supportFile, to: layout.supportFile(of: module))
    try fileSystem.write(chains, to: layout.chains(of: module))
    return (
      interface == nil ? nil : FileStamp(path: layout.interface(of: module), in: fileSystem),
      FileStamp(path: layout.supportFile(of: module), in: fileSystem)
    )
  }

  /// Writes `module`'s interface and returns its stamp.
  @discardableResult
  static func writeInterface(
    _ bytes: [UInt8], module: String, layout: BuildLayout, fileSystem: any FileSystem
  ) throws(FileError) -> FileStamp? {
    try fileSystem.write(bytes, to: layout.interface(of: module))
    return FileStamp(path: layout.interface(of: module), in: fileSystem)
  }
}

extension ModuleOutputs: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    (interface != nil).encode(to: &writer)
    for bytes in [interface ?? [], supportFile, chains] {
      writer.varint(bytes.count)
      writer.bytes += bytes
    }
  }

  package init?(from reader: inout ByteReader) {
    guard let hasInterface = Bool(from: &reader) else { return nil }
    var files: [[UInt8]] = []
    for _ in 0..<3 {
      guard let count = reader.varint(), let range = reader.skip(count) else { return nil }
      files.append(Array(reader.bytes[range]))
    }
    self.init(interface: hasInterface ? files[0] : nil, supportFile: files[1], chains: files[2])
  }
}

extension ModuleOutcome {
  /// A module whose source cannot be read fails (and loses its record).
  static func unreadableSource(_ error: FileError, module: String, seconds: Double) -> ModuleOutcome {
    .unusable(
      .unreadableSource(module: module, error), reason: .sourceUnreadable,
      seconds: seconds)
  }
}
