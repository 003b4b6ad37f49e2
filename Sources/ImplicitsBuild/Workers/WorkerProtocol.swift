import ImplicitsAnalysis
import ImplicitsInterface
import ImplicitsToolSupport
import SystemPackage

/// What the build tells a worker process: first the build's catalog, then
/// modules to analyze, each a job its plan found stale: whole (`analyze`),
/// or in two parts (`begin`, answered `begun`, then `finish` or
/// `abandon`), the parse first, while the modules below are analyzed.
enum WorkerRequest: BuildCodable {
  case catalog(UpstreamCatalog)
  case analyze(AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord])
  /// Read and parse the job's sources, and keep them for `finish`.
  case begin(AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord])
  /// Analyze what `begin` parsed (the modules below are done).
  case finish
  /// Drop what `begin` parsed.
  case abandon

  package func encode(to writer: inout ByteWriter) {
    switch self {
    case .catalog(let catalog):
      writer.u8(1)
      catalog.encode(to: &writer)
    case .analyze(let job, let reason, let known), .begin(let job, let reason, let known):
      if case .analyze = self { writer.u8(2) } else { writer.u8(3) }
      job.encode(to: &writer)
      reason.encode(to: &writer)
      known.encode(to: &writer)
    case .finish: writer.u8(4)
    case .abandon: writer.u8(5)
    }
  }

  package init?(from reader: inout ByteReader) {
    switch reader.u8() {
    case 1:
      guard let catalog = UpstreamCatalog(from: &reader) else { return nil }
      self = .catalog(catalog)
    case let kind? where kind == 2 || kind == 3:
      guard let job = AnalysisJob(from: &reader), let reason = ModuleReason(from: &reader),
        let known = [String: ModuleState.SourceRecord](from: &reader)
      else { return nil }
      self = kind == 2 ? .analyze(job, reason: reason, known: known) : .begin(job, reason: reason, known: known)
    case 4: self = .finish
    case 5: self = .abandon
    default: return nil
    }
  }
}

/// What a worker process tells the build.
enum WorkerMessage: BuildCodable {
  /// The analysis works on this file now.
  case file(stage: AnalysisStage, path: String)
  /// The job ended.
  case outcome(ModuleOutcome)
  /// The job's sources are parsed (`WorkerRequest.begin`); the worker
  /// waits for `finish` or `abandon`.
  case begun
  /// The module's interface, made before the rest of its outputs.
  case released(ReleasedInterface)

  package func encode(to writer: inout ByteWriter) {
    switch self {
    case .file(let stage, let path):
      writer.u8(1)
      stage.rawValue.encode(to: &writer)
      path.encode(to: &writer)
    case .outcome(let outcome):
      writer.u8(2)
      outcome.encode(to: &writer)
    case .begun: writer.u8(3)
    case .released(let interface):
      writer.u8(4)
      interface.encode(to: &writer)
    }
  }

  package init?(from reader: inout ByteReader) {
    switch reader.u8() {
    case 1:
      guard let stage = String(from: &reader).flatMap(AnalysisStage.init), let path = String(from: &reader) else {
        return nil
      }
      self = .file(stage: stage, path: path)
    case 2:
      guard let outcome = ModuleOutcome(from: &reader) else { return nil }
      self = .outcome(outcome)
    case 3: self = .begun
    case 4:
      guard let interface = ReleasedInterface(from: &reader) else { return nil }
      self = .released(interface)
    default: return nil
    }
  }
}
