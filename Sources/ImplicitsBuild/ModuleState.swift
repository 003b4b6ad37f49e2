import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface

/// What the last successful analysis of a module was made from and what it
/// wrote: its record in the build database (`BuildDatabase`). A build
/// trusts a module's outputs only when this record matches the current
/// inputs and the outputs on disk; the record is stored after the outputs
/// are written (each atomically), so an interrupted build leaves at worst a
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
  /// How long the analysis took: the next build's scheduler starts the
  /// modules on the longest path to its end first.
  public var seconds: Double = 0
  /// Why each function of the interface requires each key (`implicits why`).
  /// Kept in a file of their own beside the record (`<Module>.chains.json`,
  /// one line): they grow with everything a module requires, and only
  /// `why` reads them, never the up-to-date check.
  public var chains: [RequirementChain] = []

  private enum CodingKeys: String, CodingKey {
    case format, toolVersion, module, options, sources, upstream, interfaceFingerprint, supportFile, interfaceStamp,
      supportFileStamp, warnings, seconds
  }

  /// The chains of `module`'s last analysis (`<Module>.chains.json`), nil
  /// when they cannot be read.
  static func readChains(of module: String, in layout: BuildLayout) -> [RequirementChain]? {
    guard let bytes = try? FileReading.read(layout.chains(of: module)) else { return nil }
    return try? JSONDecoder().decode([RequirementChain].self, from: Data(bytes))
  }

  /// Writes the chains (atomically), before the record is stored: a record
  /// always has its chains.
  func writeChains(in layout: BuildLayout) throws {
    try AtomicFileWriter.writeIfChanged(Array(ChainsFile.json(chains).utf8), to: layout.chains(of: module))
  }
}
