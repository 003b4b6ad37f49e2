import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsToolSupport

/// How one module of a build ended.
public struct ModuleOutcome: Sendable {
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
  /// For a module begun before its dependencies were done: when the rest
  /// of its analysis started, after them.
  public var resumed: Double?
  /// When its dependents could start, when before it ended: its
  /// interface was written while the rest of its outputs were made.
  public var released: Double?
  /// When it ended.
  public var ended: Double = 0
  /// Why the module was analyzed or skipped.
  package var reason: ModuleReason
  public var diagnostics: [Diagnostic] = []
  /// Its inputs or outputs could not be used (not diagnostics of the code).
  public var errors: [ToolFailure] = []
  /// The interface fingerprint the module now has, when it has one.
  public var fingerprint: String?
  /// Failed only because `--warnings-as-errors` made its warnings errors:
  /// its outputs are right and stay.
  public var failedOnWarnings = false
  /// The module's new record for the build database, when it has one
  /// (analyzed, or up to date with files touched since): the recorder
  /// stores it. A failed module without one loses its record.
  var record: ModuleState?
  /// An analyzed module's outputs, until the recorder writes them (and
  /// adds their stamps to `record`).
  var outputs: ModuleOutputs?
  /// Where its time went, when it was analyzed (or its analysis failed).
  package var phases: ModulePhases?

  /// Why, in words (what `--explain` and the build report say).
  public var explanation: String {
    reason.text + (failedOnWarnings ? "; its warnings are errors (--warnings-as-errors)" : "")
  }

  /// Whether the failure comes from unusable inputs rather than the code.
  public var isUnusable: Bool { status == .failed && !errors.isEmpty }

  init(
    status: Status, seconds: Double, reason: ModuleReason, diagnostics: [Diagnostic] = [], errors: [ToolFailure] = [],
    fingerprint: String? = nil
  ) {
    self.status = status
    self.seconds = seconds
    self.reason = reason
    self.diagnostics = diagnostics
    self.errors = errors
    self.fingerprint = fingerprint
  }

  /// A module that failed for `error` before or outside its analysis.
  static func unusable(_ error: ToolFailure, reason: ModuleReason, seconds: Double = 0) -> ModuleOutcome {
    ModuleOutcome(status: .failed, seconds: seconds, reason: reason, errors: [error])
  }
}

extension ModuleOutcome: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    status.rawValue.encode(to: &writer)
    seconds.encode(to: &writer)
    reason.encode(to: &writer)
    diagnostics.encode(to: &writer)
    errors.encode(to: &writer)
    fingerprint.encode(to: &writer)
    record.encode(to: &writer)
    outputs.encode(to: &writer)
    phases.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let status = String(from: &reader).flatMap(Status.init), let seconds = Double(from: &reader),
      let reason = ModuleReason(from: &reader), let diagnostics = [Diagnostic](from: &reader),
      let errors = [ToolFailure](from: &reader), let fingerprint = String?(from: &reader),
      let record = ModuleState?(from: &reader), let outputs = ModuleOutputs?(from: &reader),
      let phases = ModulePhases?(from: &reader)
    else { return nil }
    self.init(
      status: status, seconds: seconds, reason: reason, diagnostics: diagnostics, errors: errors,
      fingerprint: fingerprint)
    self.record = record
    self.outputs = outputs
    self.phases = phases
  }
}

/// A tool error in a worker's outcome keeps its place (file, line) across
/// the pipe.
extension ToolFailure: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    message.encode(to: &writer)
    place.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let message = String(from: &reader), let place = String?(from: &reader) else { return nil }
    self.init(message, at: place)
  }
}
