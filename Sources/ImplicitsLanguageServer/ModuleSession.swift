import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface

/// One module's analyses during an editor session: its `AnalysisSession`,
/// and what the language server adds: the in-memory analyses of upstream
/// modules whose interface file is missing or stale (kept while their
/// inputs stay the same), the last result and the files it published to.
final class ModuleSession: @unchecked Sendable {
  private let session: AnalysisSession
  /// In-memory upstream interfaces, by module, with the digest of what
  /// they were made from.
  private var upstreamAnalyses: [String: (inputs: String, interface: InMemoryInterface)] = [:]
  /// The last complete analysis, and the texts it was made from.
  private(set) var lastResult: AnalysisResult?
  /// Files the last publication gave diagnostics to (to clear them later);
  /// nil before the first.
  var publishedFiles: Set<String>?

  /// `fileSystem`: where upstream interface files are read.
  init(fileSystem: any FileSystem = LocalFileSystem()) {
    session = AnalysisSession(fileSystem: fileSystem)
  }

  /// Analyzes `context`'s module with the text `text` gives for each file
  /// (the editor's, else the disk's); nil when `isCancelled` said so.
  func analyze(
    _ context: ModuleContext, text: (String) -> [UInt8]?, isCancelled: @escaping @Sendable () -> Bool
  ) -> AnalysisResult? {
    var interfaces: [String: any UpstreamInterface] = [:]
    for entry in context.upstream {
      if let path = entry.interfacePath {
        interfaces[entry.module] = session.interfaceFile(of: entry.module, at: path)
      } else if let upstream = entry.context {
        guard let interface = analyzeInMemory(upstream, text: text, known: interfaces, isCancelled: isCancelled) else {
          return nil
        }
        interfaces[entry.module] = interface
      }
    }
    var request = AnalysisRequest(
      moduleName: context.name, sources: sources(of: context, text: text), conditions: context.conditions,
      upstream: UpstreamInterfaces { interfaces[$0] })
    request.isCancelled = isCancelled
    request.makesCodeIndex = true
    request.makesFiles = false
    guard let (result, _) = session.analyze(request) else { return nil }
    lastResult = result
    return result
  }

  private func sources(of context: ModuleContext, text: (String) -> [UInt8]?) -> [SourceInput] {
    context.files.compactMap { path in
      text(path).map { SourceInput(path: path, relativePath: SourceInput.relative(path, to: context.sourcesRoot), contents: $0) }
    }
  }

  /// An upstream module analyzed from its text, kept while its inputs (its
  /// files' bytes and the fingerprints below it) stay the same.
  private func analyzeInMemory(
    _ context: ModuleContext, text: (String) -> [UInt8]?, known: [String: any UpstreamInterface],
    isCancelled: @escaping @Sendable () -> Bool
  ) -> InMemoryInterface? {
    let sources = sources(of: context, text: text)
    var digest = SHA256()
    for source in sources {
      digest.update(Array(source.path.utf8) + [0])
      digest.update(source.contents + [0])
    }
    for entry in context.upstream { digest.update(Array((known[entry.module]?.fingerprint.description ?? "-").utf8)) }
    digest.update(Array(context.conditions.joined(separator: ",").utf8))
    let inputs = SHA256.hexString(digest.finalize())
    if let kept = upstreamAnalyses[context.name], kept.inputs == inputs { return kept.interface }
    var request = AnalysisRequest(
      moduleName: context.name, sources: sources, conditions: context.conditions,
      upstream: UpstreamInterfaces { known[$0] })
    request.isCancelled = isCancelled
    guard let result = Analyzer.analyzeUnlessCancelled(request) else { return nil }
    let interface = InMemoryInterface(result.interface, fingerprint: result.encodedInterface.fingerprint)
    upstreamAnalyses[context.name] = (inputs, interface)
    return interface
  }
}
