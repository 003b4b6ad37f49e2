import ImplicitsAnalysis
import ImplicitsInterface
import ImplicitsToolSupport
import SystemPackage

/// What the build tells a worker process: first the build's catalog, then
/// modules to analyze, each a job its plan found stale.
enum WorkerRequest: BuildCodable {
  case catalog(UpstreamCatalog)
  case analyze(AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord])

  package func encode(to writer: inout ByteWriter) {
    switch self {
    case .catalog(let catalog):
      writer.u8(1)
      catalog.encode(to: &writer)
    case .analyze(let job, let reason, let known):
      writer.u8(2)
      job.encode(to: &writer)
      reason.encode(to: &writer)
      known.encode(to: &writer)
    }
  }

  package init?(from reader: inout ByteReader) {
    switch reader.u8() {
    case 1:
      guard let catalog = UpstreamCatalog(from: &reader) else { return nil }
      self = .catalog(catalog)
    case 2:
      guard let job = AnalysisJob(from: &reader), let reason = ModuleReason(from: &reader),
        let known = [String: ModuleState.SourceRecord](from: &reader)
      else { return nil }
      self = .analyze(job, reason: reason, known: known)
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

  package func encode(to writer: inout ByteWriter) {
    switch self {
    case .file(let stage, let path):
      writer.u8(1)
      stage.rawValue.encode(to: &writer)
      path.encode(to: &writer)
    case .outcome(let outcome):
      writer.u8(2)
      outcome.encode(to: &writer)
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
    default: return nil
    }
  }
}
