import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface

/// What the last successful analysis of a module was made from and what it
/// wrote. A build trusts a module's outputs only when this record matches
/// the current inputs and the outputs on disk; the record is written after
/// the outputs (each atomically), so an interrupted build leaves at worst a
/// record that does not match, and the module is analyzed again.
public struct ModuleState: Codable, Equatable, Sendable {
  public struct SourceRecord: Codable, Equatable, Sendable {
    /// SHA-256 of the contents, hex.
    public var hash: String
    public var size: Int
    /// Modification time in nanoseconds since 1970: when it and the size
    /// are unchanged, the file is not read again.
    public var modified: Int64
  }

  public static let currentFormat = 3

  public var format: Int
  public var toolVersion: String
  public var module: String
  /// SHA-256 of the options that change the result (conditions, exporting,
  /// dependencies, sources root), hex.
  public var options: String
  /// By path relative to the sources root.
  public var sources: [String: SourceRecord]
  /// Fingerprints of the upstream interfaces the analysis read.
  public var upstream: [String: String]
  public var interfaceFingerprint: String
  /// SHA-256 of the support file, hex.
  public var supportFile: String
  /// Size and modification time of the interface and the support file as
  /// written: while they match, the outputs are not read to be checked.
  var interfaceStamp: FileStamp?
  var supportFileStamp: FileStamp?
  /// The warnings of the analysis, replayed by every build that finds the
  /// module up to date (as Xcode replays a file's warnings).
  public var warnings: [Diagnostic] = []
  /// Why each function of the interface requires each key (`implicits why`).
  /// Kept in a file of their own beside the record (`<Module>.chains.json`,
  /// one line): they grow with everything a module requires, and only
  /// `why` reads them, never the up-to-date check.
  public var chains: [RequirementChain] = []

  private enum CodingKeys: String, CodingKey {
    case format, toolVersion, module, options, sources, upstream, interfaceFingerprint, supportFile, interfaceStamp,
      supportFileStamp, warnings
  }

  /// The chains file beside the record at `path`.
  static func chainsPath(forRecord path: String) -> String {
    (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".chains.json"
  }

  /// The record at `path`; its chains too when `withChains` (nil when they
  /// cannot be read).
  public static func read(from path: String, withChains: Bool = false) -> ModuleState? {
    guard let bytes = try? FileReading.read(path),
      var state = try? JSONDecoder().decode(ModuleState.self, from: Data(bytes)), state.format == currentFormat
    else {
      return nil
    }
    if withChains {
      guard let chainBytes = try? FileReading.read(chainsPath(forRecord: path)),
        let chains = try? JSONDecoder().decode([RequirementChain].self, from: Data(chainBytes))
      else { return nil }
      state.chains = chains
    }
    return state
  }

  /// Writes the chains, then the record (each atomically): a record on disk
  /// always has its chains.
  public func write(to path: String) throws {
    try AtomicFileWriter.writeIfChanged(
      Array(try JSONText(encoding: chains).renderedCompactly.utf8), to: Self.chainsPath(forRecord: path))
    try writeRecord(to: path)
  }

  /// Writes the record alone, its chains file untouched (the record of an
  /// up-to-date module, read without its chains, with new file times).
  func writeRecord(to path: String) throws {
    try AtomicFileWriter.writeIfChanged(Array(try JSONText(encoding: self).rendered.utf8), to: path)
  }
}
