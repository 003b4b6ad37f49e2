import ImplicitsAnalysis
import ImplicitsInterface
import ImplicitsToolSupport

/// What the last successful analysis of a module was made from and what it
/// wrote: its record in the build database (`BuildDatabase`). A build
/// trusts a module's outputs only when this record matches the current
/// inputs and the outputs on disk; the record is stored after the outputs
/// are written (each atomically), so an interrupted build leaves at worst a
/// record that does not match, and the module is analyzed again.
///
/// It is stored and sent in one encoding (`BuildCodable`), in this order:
///
///     string module, f64 seconds, string tool-version, string options,
///     string interface-fingerprint, string support-file-hash,
///     stamp? interface, stamp? support-file,
///     sources (path → hash, size, modified), upstream (module → fingerprint),
///     diagnostics warnings
///
/// Its module and seconds come first: the database reads them without
/// decoding the rest.
public struct ModuleState: Equatable, Sendable {
  public struct SourceRecord: Equatable, Sendable {
    /// SHA-256 of the contents, hex.
    public var hash: String
    public var size: Int
    /// Modification time in nanoseconds since 1970: when it and the size
    /// are unchanged, the file is not read again.
    public var modified: Int64
  }

  public var module: String
  /// How long the analysis took: the next build's scheduler starts the
  /// modules on the longest path to its end first.
  public var seconds: Double = 0
  public var toolVersion: String
  /// SHA-256 of the options that change the result (conditions, exporting,
  /// dependencies, sources root), hex.
  public var options: String
  public var interfaceFingerprint: String
  /// SHA-256 of the support file, hex.
  public var supportFile: String
  /// Size and modification time of the interface and the support file as
  /// written: while they match, the outputs are not read to be checked.
  var interfaceStamp: FileStamp?
  var supportFileStamp: FileStamp?
  /// By path relative to the sources root.
  public var sources: [String: SourceRecord]
  /// Fingerprints of the upstream interfaces the analysis read.
  public var upstream: [String: String]
  /// The warnings of the analysis, replayed by every build that finds the
  /// module up to date (as Xcode replays a file's warnings).
  public var warnings: [Diagnostic] = []
}

extension ModuleState: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    module.encode(to: &writer)
    seconds.encode(to: &writer)
    for text in [toolVersion, options, interfaceFingerprint, supportFile] { text.encode(to: &writer) }
    interfaceStamp.encode(to: &writer)
    supportFileStamp.encode(to: &writer)
    sources.encode(to: &writer)
    upstream.encode(to: &writer)
    warnings.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let prefix = Self.prefix(&reader), let upstream = [String: String](from: &reader),
      let warnings = [Diagnostic](from: &reader)
    else { return nil }
    self = prefix
    self.upstream = upstream
    self.warnings = warnings
  }

  /// A record's options and sources alone, read without its warnings.
  static func optionsAndSources(_ reader: inout ByteReader) -> (options: String, sources: [String: SourceRecord])? {
    prefix(&reader).map { ($0.options, $0.sources) }
  }

  /// A record up to its sources (its upstream fingerprints and warnings
  /// left empty): the fields in the order `encode` writes them.
  private static func prefix(_ reader: inout ByteReader) -> ModuleState? {
    guard let (module, seconds) = head(&reader), let toolVersion = String(from: &reader),
      let options = String(from: &reader), let interfaceFingerprint = String(from: &reader),
      let supportFile = String(from: &reader), let interfaceStamp = FileStamp?(from: &reader),
      let supportFileStamp = FileStamp?(from: &reader), let sources = [String: SourceRecord](from: &reader)
    else { return nil }
    return ModuleState(
      module: module, seconds: seconds, toolVersion: toolVersion, options: options,
      interfaceFingerprint: interfaceFingerprint, supportFile: supportFile, interfaceStamp: interfaceStamp,
      supportFileStamp: supportFileStamp, sources: sources, upstream: [:], warnings: [])
  }

  /// The module and seconds at the head of an encoded record.
  static func head(_ reader: inout ByteReader) -> (module: String, seconds: Double)? {
    guard let module = String(from: &reader), let seconds = Double(from: &reader) else { return nil }
    return (module, seconds)
  }
}

extension ModuleState.SourceRecord: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    hash.encode(to: &writer)
    size.encode(to: &writer)
    modified.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let hash = String(from: &reader), let size = Int(from: &reader), size >= 0, let modified = Int64(from: &reader)
    else { return nil }
    self.init(hash: hash, size: size, modified: modified)
  }
}

extension FileStamp: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    size.encode(to: &writer)
    modified.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let size = Int(from: &reader), size >= 0, let modified = Int64(from: &reader) else { return nil }
    self.init(size: size, modified: modified)
  }
}
