import ImplicitsAnalysis
import ImplicitsInterface
import ImplicitsToolSupport

/// A module's interface as soon as its analysis made it, before the
/// support file and the chains (`AnalysisRequest.interfaceMade`): the
/// build writes it and lets the modules that depend on this one start,
/// while the analysis finishes. Only a module without errors, whose
/// upstream interfaces were all usable, hands its interface on so.
package struct ReleasedInterface: Sendable, Equatable {
  package var bytes: [UInt8]
  package var fingerprint: String
  /// Whether the module has warnings (`--warnings-as-errors` fails it:
  /// then the build does not hand its interface on).
  package var hasWarnings: Bool

  /// What `made` hands on, or nil when the module has errors or read an
  /// unusable upstream interface (its analysis fails).
  init?(_ made: MadeInterface) {
    guard !made.diagnostics.hasErrors, ModuleAnalysis.unusable(in: made.upstream) == nil else { return nil }
    bytes = made.encodedInterface.bytes
    fingerprint = made.encodedInterface.fingerprint.description
    hasWarnings = made.diagnostics.contains { $0.severity == .warning }
  }

  package init(bytes: [UInt8], fingerprint: String, hasWarnings: Bool) {
    self.bytes = bytes
    self.fingerprint = fingerprint
    self.hasWarnings = hasWarnings
  }
}

/// A worker sends it to the build (`WorkerMessage.released`).
extension ReleasedInterface: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    writer.varint(bytes.count)
    writer.bytes += bytes
    fingerprint.encode(to: &writer)
    hasWarnings.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let count = reader.varint(), let range = reader.skip(count) else { return nil }
    let bytes = Array(reader.bytes[range])
    guard let fingerprint = String(from: &reader), let hasWarnings = Bool(from: &reader) else { return nil }
    self.init(bytes: bytes, fingerprint: fingerprint, hasWarnings: hasWarnings)
  }
}
