import Foundation
import ImplicitsInterface

/// One module's analysis: what goes in.
public struct AnalysisRequest {
  public var moduleName: String
  public var sources: [SourceInput]
  /// Active compilation conditions, as `swiftc -D`.
  public var conditions: [String]
  /// Interfaces of upstream modules (only those the module imports are read).
  public var upstream: [any UpstreamInterface]
  /// Generate explicit-argument wrappers for public scope-taking functions.
  public var enableExporting: Bool

  public init(
    moduleName: String, sources: [SourceInput], conditions: [String] = [], upstream: [any UpstreamInterface] = [],
    enableExporting: Bool = false
  ) {
    self.moduleName = moduleName
    self.sources = sources
    self.conditions = conditions
    self.upstream = upstream
    self.enableExporting = enableExporting
  }
}

/// One source file of the module.
public struct SourceInput: Sendable {
  /// The path as the user gave it; diagnostics name the file by it.
  public var path: String
  /// The path relative to the sources root, with `/` separators; the
  /// module's interface stores this one, so that it does not depend on
  /// where the checkout is.
  public var relativePath: String
  public var contents: [UInt8]

  public init(path: String, relativePath: String, contents: [UInt8]) {
    self.path = path
    self.relativePath = relativePath
    self.contents = contents
  }

  /// Reads `path`; `relativePath` is computed against `sourcesRoot`.
  public static func load(path: String, sourcesRoot: String) throws -> SourceInput {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SourceReadError(path: path)
    }
    return SourceInput(path: path, relativePath: relative(path, to: sourcesRoot), contents: [UInt8](data))
  }

  /// `path` relative to `root` (both made absolute and standardized), with
  /// `/` separators; the absolute path when it is not below `root`.
  public static func relative(_ path: String, to root: String) -> String {
    let absolutePath = absolute(path)
    var base = absolute(root)
    if !base.hasSuffix("/") { base += "/" }
    if absolutePath.hasPrefix(base) { return String(absolutePath.dropFirst(base.count)) }
    return absolutePath
  }

  static func absolute(_ path: String) -> String {
    let url = path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
    return url.standardizedFileURL.path
  }
}

/// A source file that could not be read.
public struct SourceReadError: Error, CustomStringConvertible {
  public var path: String
  public var description: String { "error: cannot read source file '\(path)'" }
}

/// One module's analysis: what comes out.
public struct AnalysisResult {
  /// Sorted by file, line and column.
  public var diagnostics: [Diagnostic]
  /// What the module exports (also produced when there are errors, but
  /// callers should not write it then).
  public var interface: InterfaceContent
  /// The Swift file that implements the module's `#implicits` call sites.
  public var supportFile: String
  /// Upstream interfaces the module's analysis read, for its header.
  public var upstream: [UpstreamRecord]

  public var hasErrors: Bool { diagnostics.hasErrors }
}
