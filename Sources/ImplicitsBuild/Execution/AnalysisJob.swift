import ImplicitsInterface
import ImplicitsToolSupport

/// One module's analysis as planned: what it reads and what it writes.
/// Inert: the planner makes it, an executor runs it (`ModuleAnalysis`, in
/// this process or a worker), `generate ninja` writes it as an edge. The
/// interfaces it may read come from the build's `UpstreamCatalog`.
package struct AnalysisJob: Sendable, Equatable {
  package var module: String
  /// Absolute and normalized, in the order the manifest resolved them.
  package var sources: [String]
  package var sourcesRoot: String
  /// Active compilation conditions, as `swiftc -D`.
  package var conditions: [String]
  var enableExporting: Bool
  /// What `optionsSignature` gives for the module, recorded with its result.
  var optionsSignature: String
  var outputDirectory: String

  package var layout: BuildLayout { BuildLayout(outputDirectory: outputDirectory) }

  /// A signature of everything but sources and upstream fingerprints that
  /// changes a module's result: the tool, the module, its sources root,
  /// conditions and exporting, and its place in the graph (what it can see;
  /// `ModuleGraph.structureDigests`).
  static func optionsSignature(
    module: String, sourcesRoot: String, enableExporting: Bool, conditions: [String], structure: String
  ) -> String {
    SHA256.hex(Array(
      ([ToolVersion.current, module, sourcesRoot, enableExporting ? "exporting" : "plain"]
        + conditions.sorted().map { "-D" + $0 } + ["graph:" + structure]).joined(separator: "\n").utf8))
  }
}

extension AnalysisJob: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    module.encode(to: &writer)
    sources.encode(to: &writer)
    sourcesRoot.encode(to: &writer)
    conditions.encode(to: &writer)
    enableExporting.encode(to: &writer)
    optionsSignature.encode(to: &writer)
    outputDirectory.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let module = String(from: &reader), let sources = [String](from: &reader),
      let sourcesRoot = String(from: &reader), let conditions = [String](from: &reader),
      let enableExporting = Bool(from: &reader), let optionsSignature = String(from: &reader),
      let outputDirectory = String(from: &reader)
    else { return nil }
    self.init(
      module: module, sources: sources, sourcesRoot: sourcesRoot, conditions: conditions,
      enableExporting: enableExporting, optionsSignature: optionsSignature, outputDirectory: outputDirectory)
  }
}
