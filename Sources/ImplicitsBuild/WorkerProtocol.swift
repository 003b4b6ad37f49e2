import ImplicitsAnalysis
import ImplicitsInterface
import SystemPackage

/// What the build tells a worker process: first the build's catalog, then
/// modules to analyze, each a job its plan found stale.
enum WorkerRequest: BuildCodable {
  case catalog(UpstreamCatalog)
  case analyze(AnalysisJob, reason: String, known: [String: ModuleState.SourceRecord])

  func encode(to writer: inout ByteWriter) {
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

  init?(from reader: inout ByteReader) {
    switch reader.u8() {
    case 1:
      guard let catalog = UpstreamCatalog(from: &reader) else { return nil }
      self = .catalog(catalog)
    case 2:
      guard let job = AnalysisJob(from: &reader), let reason = String(from: &reader),
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

  func encode(to writer: inout ByteWriter) {
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

  init?(from reader: inout ByteReader) {
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

/// Messages over a pipe, in one direction, each framed by its length
/// (u32): `BuildCodable` values, written whole by one call.
final class MessageChannel: @unchecked Sendable {
  private let descriptor: FileDescriptor
  private var buffer: [UInt8] = []
  private var consumed = 0

  init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  /// Writes `message`; false when the other end is gone.
  @discardableResult
  func send(_ message: some BuildCodable) -> Bool {
    var writer = ByteWriter()
    writer.u32(0)
    message.encode(to: &writer)
    writer.patch32(at: 0, UInt32(writer.count - 4))
    return (try? descriptor.writeAll(writer.bytes)) == writer.count
  }

  /// The next message; nil at the end of the stream, or when what came is
  /// not a message of `Message`.
  func receive<Message: BuildCodable>(_: Message.Type) -> Message? {
    guard let length = take(4).map({ ByteReader.u32($0, at: 0) }), let payload = take(Int(length)) else { return nil }
    return Message(decoding: payload)
  }

  /// The next `count` bytes of the stream; nil when it ends first.
  private func take(_ count: Int) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while buffer.count - consumed < count {
      let read = (try? chunk.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }) ?? 0
      if read == 0 { return nil }
      if consumed > 0 {
        buffer.removeFirst(consumed)
        consumed = 0
      }
      buffer += chunk[0..<read]
    }
    defer { consumed += count }
    return Array(buffer[consumed..<(consumed + count)])
  }
}
