import Foundation
import ImplicitsFileSystem
import ImplicitsInterface

/// One module's analysis: what goes in.
public struct AnalysisRequest {
  public var moduleName: String
  public var sources: [SourceInput]
  /// Active compilation conditions, as `swiftc -D`.
  public var conditions: [String]
  /// Interfaces of upstream modules (only those the module imports are read).
  public var upstream: UpstreamInterfaces
  /// Generate explicit-argument wrappers for public scope-taking functions.
  public var enableExporting: Bool
  /// Told which file the analysis works on as it goes (for a crash report
  /// that names the file); nil when nobody asks.
  public var progress: (@Sendable (AnalysisStage, String) -> Void)?
  /// Asked between stages: when it says yes, `Analyzer.analyzeUnlessCancelled`
  /// stops and returns nil (a newer edit made the analysis useless); so
  /// does `AnalysisSession.analyze`.
  public var isCancelled: (@Sendable () -> Bool)?
  /// Whether the result carries a `CodeIndex` (an editor's hovers).
  public var makesCodeIndex = false
  /// Whether the result carries the module's interface and support file;
  /// without them (an editor's module, whose diagnostics are all it
  /// needs), the interface is empty and the support file only its header.
  public var makesFiles = true
  /// Whether the result carries a `ResolutionLog` (the tests that compare
  /// the analysis's resolution of calls with swiftc's).
  public var recordsResolutions = false
  /// Told the module's diagnostics and interface as soon as the analysis
  /// has them, before it makes the support file and the chains (a build
  /// hands the interface to the modules that depend on this one then).
  public var interfaceMade: ((MadeInterface) -> Void)?
  /// The sources already parsed (`Analyzer.parsing`): the analysis starts
  /// from them instead of parsing `sources` again.
  public internal(set) var parsed: ParsedSources?

  public init(
    moduleName: String, sources: [SourceInput], conditions: [String] = [], upstream: [any UpstreamInterface] = [],
    enableExporting: Bool = false
  ) {
    self.moduleName = moduleName
    self.sources = sources
    self.conditions = conditions
    self.upstream = UpstreamInterfaces(upstream)
    self.enableExporting = enableExporting
  }

  /// A request whose upstream interfaces are found by name when the
  /// analysis first needs them (a build's modules).
  public init(
    moduleName: String, sources: [SourceInput], conditions: [String] = [], upstream: UpstreamInterfaces,
    enableExporting: Bool = false
  ) {
    self.moduleName = moduleName
    self.sources = sources
    self.conditions = conditions
    self.upstream = upstream
    self.enableExporting = enableExporting
  }
}

/// What an analysis tells `AnalysisRequest.interfaceMade`.
public struct MadeInterface {
  /// Sorted by file, line and column.
  public let diagnostics: [Diagnostic]
  public let encodedInterface: InterfaceWriter.Encoded
  /// The interfaces the analysis read from.
  public let upstream: UpstreamInterfaces
}

/// A module's sources parsed ahead of its analysis (`Analyzer.parsing`):
/// the part of an analysis that reads no upstream interface. Immutable
/// once made, so it may wait on one thread and be analyzed on another.
public struct ParsedSources: @unchecked Sendable {
  let module: ParsedModule
  /// What the parse took.
  let seconds: Double
}

/// What the analysis does with a file, as `AnalysisRequest.progress` is told.
public enum AnalysisStage: String, Sendable, Codable {
  /// Parsing it and checking its syntax.
  case parsing
  /// Collecting the module's declarations, members and extensions (every file).
  case collecting
  /// Walking its function bodies.
  case analyzingBodies = "analyzing the bodies of"
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
  public static func load(path: String, sourcesRoot: String) throws(SourceReadError) -> SourceInput {
    let contents: [UInt8]
    do {
      contents = try FileReading.read(path)
    } catch {
      throw SourceReadError(path: path, failure: error)
    }
    return SourceInput(path: path, relativePath: relative(path, to: sourcesRoot), contents: contents)
  }

  /// `path` relative to `root` (both made absolute and normalized), with
  /// `/` separators; the absolute path when it is not below `root`.
  public static func relative(_ path: String, to root: String) -> String {
    let currentDirectory = PathUtilities.currentDirectory()
    return PathUtilities.relative(
      PathUtilities.absolute(path, relativeTo: currentDirectory),
      below: PathUtilities.absolute(root, relativeTo: currentDirectory))
  }
}

/// A source file that could not be read.
public struct SourceReadError: Error, CustomStringConvertible {
  public var path: String
  public var failure: FileError

  /// Why, in words: `no such file`, `it is a directory: …`, `Permission denied`.
  public var reason: String {
    switch failure.cause {
    case .system(.isDirectory):
      "it is a directory: name the module's .swift files (for example '\(path)/*.swift')"
    default: failure.reason
    }
  }

  /// `cannot read source file 'PATH': REASON`.
  public var description: String { "cannot read source file '\(path)': \(reason)" }
}

/// One module's analysis: what comes out.
public struct AnalysisResult {
  /// Sorted by file, line and column.
  public var diagnostics: [Diagnostic]
  /// The module's `.implicitinterface` (with `upstream`), its fingerprint
  /// and its content: encoded once, for every output.
  public var encodedInterface: InterfaceWriter.Encoded
  /// What the module exports, normalized (also produced when there are
  /// errors, but callers should not write it then).
  public var interface: InterfaceContent { encodedInterface.content }
  /// The Swift file that implements the module's `#implicits` call sites.
  public var supportFile: String
  /// Upstream interfaces the module's analysis read, for its header.
  public var upstream: [UpstreamRecord]

  /// One call chain per function of the interface and key it requires,
  /// down to the read (or to the upstream function it calls).
  public var chains: [RequirementChain] = []
  /// Where the code declares, calls and opens what implicits are about,
  /// with what each requires or provides (hovers, code actions).
  public var index = CodeIndex()
  /// What the analysis decided at each call and closure argument, when
  /// `AnalysisRequest.recordsResolutions` asked.
  public var resolutions: ResolutionLog?
  /// How long each stage took.
  public var times = AnalysisTimes()

  public var hasErrors: Bool { diagnostics.hasErrors }
}

/// How long each stage of one analysis took, in seconds. The upstream
/// interfaces are read when a stage first asks for them; that time is
/// `interfaces`, not the stage's.
public struct AnalysisTimes: Sendable, Equatable {
  public var parse = 0.0
  /// Names, members and the visible upstream names.
  public var declarations = 0.0
  public var bodies = 0.0
  /// The fixed point and the rules that need it.
  public var requirements = 0.0
  /// Diagnostics, the interface encoded, the support file, the chains.
  public var outputs = 0.0
  /// Reading and checking upstream interface files.
  public var interfaces = 0.0

  public init() {}

  /// Every stage together.
  public var total: Double { parse + declarations + bodies + requirements + outputs + interfaces }
}
