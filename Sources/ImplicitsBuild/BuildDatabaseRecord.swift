import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface

/// The encoding of one module's record in the build database:
///
///     state := string module, u64 seconds (IEEE 754), string tool-version,
///              string options, string interface-fingerprint,
///              string support-file-hash, stamp interface, stamp support-file,
///              varint n, n × (string path, string hash, u64 size, u64 modified),
///              varint m, m × (string module, string fingerprint),
///              varint k, k bytes of warnings (JSON, none when k is 0)
///     stamp := u8 0 | u8 1, u64 size, u64 modified
///
/// Sources and upstream modules are sorted by name, so a record's bytes
/// depend on its content only.
extension BuildDatabase {
  static func encode(_ state: ModuleState, into writer: inout ByteWriter) {
    string(state.module, into: &writer)
    writer.u64(state.seconds.bitPattern)
    for text in [state.toolVersion, state.options, state.interfaceFingerprint, state.supportFile] {
      string(text, into: &writer)
    }
    for stamp in [state.interfaceStamp, state.supportFileStamp] {
      guard let stamp else {
        writer.u8(0)
        continue
      }
      writer.u8(1)
      writer.u64(UInt64(stamp.size))
      writer.u64(UInt64(bitPattern: stamp.modified))
    }
    writer.varint(state.sources.count)
    for path in state.sources.keys.sorted(by: PathUtilities.byteOrder) {
      let source = state.sources[path]!
      string(path, into: &writer)
      string(source.hash, into: &writer)
      writer.u64(UInt64(source.size))
      writer.u64(UInt64(bitPattern: source.modified))
    }
    writer.varint(state.upstream.count)
    for module in state.upstream.keys.sorted(by: PathUtilities.byteOrder) {
      string(module, into: &writer)
      string(state.upstream[module]!, into: &writer)
    }
    let warnings = state.warnings.isEmpty ? [] : (try? JSONEncoder().encode(state.warnings)).map(Array.init) ?? []
    writer.varint(warnings.count)
    writer.append(warnings)
  }

  static func decodeState(_ reader: inout ByteReader) -> ModuleState? {
    guard let module = string(&reader), let seconds = reader.u64(), let toolVersion = string(&reader),
      let options = string(&reader), let interfaceFingerprint = string(&reader), let supportFile = string(&reader),
      let interfaceStamp = stamp(&reader), let supportFileStamp = stamp(&reader), let sourceCount = reader.varint()
    else { return nil }
    var sources: [String: ModuleState.SourceRecord] = [:]
    sources.reserveCapacity(sourceCount)
    for _ in 0..<sourceCount {
      guard let path = string(&reader), let hash = string(&reader), let size = reader.u64(),
        let modified = reader.u64(), size <= UInt64(Int.max)
      else { return nil }
      sources[path] = ModuleState.SourceRecord(hash: hash, size: Int(size), modified: Int64(bitPattern: modified))
    }
    guard let upstreamCount = reader.varint() else { return nil }
    var upstream: [String: String] = [:]
    upstream.reserveCapacity(upstreamCount)
    for _ in 0..<upstreamCount {
      guard let name = string(&reader), let fingerprint = string(&reader) else { return nil }
      upstream[name] = fingerprint
    }
    guard let warningsLength = reader.varint(), let warningsRange = reader.skip(warningsLength) else { return nil }
    var warnings: [Diagnostic] = []
    if warningsLength > 0 {
      guard let decoded = try? JSONDecoder().decode([Diagnostic].self, from: Data(reader.bytes[warningsRange])) else {
        return nil
      }
      warnings = decoded
    }
    var state = ModuleState(
      format: ModuleState.currentFormat, toolVersion: toolVersion, module: module, options: options, sources: sources,
      upstream: upstream, interfaceFingerprint: interfaceFingerprint, supportFile: supportFile,
      interfaceStamp: interfaceStamp.value, supportFileStamp: supportFileStamp.value, warnings: warnings)
    state.seconds = Double(bitPattern: seconds)
    return state
  }

  static func string(_ text: String, into writer: inout ByteWriter) {
    var text = text
    text.withUTF8 { utf8 in
      writer.varint(utf8.count)
      writer.bytes.append(contentsOf: utf8)
    }
  }

  static func string(_ reader: inout ByteReader) -> String? {
    guard let length = reader.varint(), let range = reader.skip(length) else { return nil }
    return reader.bytes.withUnsafeBufferPointer { buffer in
      String(validating: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
  }

  /// A stamp that may be absent: nil when the bytes are malformed, else
  /// the stamp or its absence.
  private static func stamp(_ reader: inout ByteReader) -> (value: FileStamp?, Void)? {
    switch reader.u8() {
    case 0: return (nil, ())
    case 1:
      guard let size = reader.u64(), let modified = reader.u64(), size <= UInt64(Int.max) else { return nil }
      return (FileStamp(size: Int(size), modified: Int64(bitPattern: modified)), ())
    default: return nil
    }
  }
}
