import ImplicitsFileSystem
import ImplicitsInterface

/// The incremental analysis of one module: each analysis starts from what
/// the last one made and keeps what it makes for the next. It reuses the
/// trees of files whose bytes did not change (`ParseCache`), the names of
/// the visible upstream interfaces while they stay the same
/// (`UpstreamNamesCache`), the declarations while every changed file
/// changed only inside bodies, with the bodies of untouched files
/// (`DeclarationsCache`), and the upstream interface files it read while
/// each file stays the same (`KeptInterfaceFiles`). None of it may change
/// a verdict: a session's analysis gives what a fresh one gives.
///
/// Confinement: one analysis at a time. Its owner calls `analyze` and
/// `interfaceFile` from one thread at a time (the language server's
/// analysis of the module, a build server's job that took the session
/// out of its store); nothing else touches the caches, which are private
/// to it.
public final class AnalysisSession: @unchecked Sendable {
  /// What one analysis reused.
  public struct Statistics: Sendable, Equatable {
    /// Whether the declarations of the last analysis served again.
    public var reusedDeclarations = false
    /// How many files' bodies were taken as they were instead of built again.
    public var bodiesTaken = 0
  }

  /// What the analyses of the session reused, in all.
  public struct Totals: Sendable, Equatable {
    public var analyses = 0
    public var declarationReuses = 0
    public var declarationCollections = 0
    public var bodiesTaken = 0
  }

  private let caches = SessionCaches()
  private let interfaceFiles: KeptInterfaceFiles
  /// What the last analysis found for each upstream name it asked for:
  /// while the next request finds the same objects, the declarations
  /// made against them serve.
  private var upstreamAnswers: [String: (any UpstreamInterface)?] = [:]
  private var analyses = 0
  /// What the analyses of the session reused, counted by the caches.
  public var totals: Totals {
    Totals(
      analyses: analyses, declarationReuses: caches.declarations.reuses,
      declarationCollections: caches.declarations.collections, bodiesTaken: caches.declarations.bodiesTaken)
  }
  /// The bytes of the sources of the last analysis (what a store of
  /// sessions counts).
  public private(set) var sourceBytes = 0

  /// `fileSystem` tells whether a kept upstream interface file changed;
  /// `interfaceBudget` bounds the bytes of the upstream interfaces held at
  /// once (nil: each holds its contents while it is kept).
  public init(fileSystem: any FileSystem = LocalFileSystem(), interfaceBudget: InterfaceBudget? = nil) {
    interfaceFiles = KeptInterfaceFiles(fileSystem: fileSystem, budget: interfaceBudget)
  }

  /// The interface file of `module` at `path`: the object read before
  /// while the file stays the same (identity, size and time) and usable,
  /// else a new one, kept.
  public func interfaceFile(of module: String, at path: String) -> LazyInterface {
    interfaceFiles.interface(of: module, at: path)
  }

  /// A look-up of upstream interfaces for this session's requests: each
  /// name's interface file as `path` gives it (nil: the module may read
  /// none of that name), read through `interfaceFile`.
  public func upstream(at path: @escaping (String) -> String?) -> UpstreamInterfaces {
    UpstreamInterfaces { [unowned self] name in path(name).map { interfaceFile(of: name, at: $0) } }
  }

  /// The analysis of `request` with what the session kept, and what it
  /// reused; nil when `request.isCancelled` said so between two stages.
  public func analyze(_ request: AnalysisRequest) -> (result: AnalysisResult, statistics: Statistics)? {
    let unchanged = upstreamAnswers.allSatisfy { name, answer in request.upstream.interface(of: name) === answer }
    if !unchanged { caches.upstreamGeneration += 1 }
    sourceBytes = request.sources.reduce(0) { $0 + $1.contents.count }
    let before = (caches.declarations.reuses, caches.declarations.bodiesTaken)
    let result = Analyzer.analyzeUnlessCancelled(request, reusing: caches)
    upstreamAnswers = request.upstream.answers
    let statistics = Statistics(
      reusedDeclarations: caches.declarations.reuses > before.0,
      bodiesTaken: caches.declarations.bodiesTaken - before.1)
    analyses += 1
    return result.map { ($0, statistics) }
  }

  /// How many files' trees the session holds.
  public var parsedFiles: Int { caches.parses.count }
}

/// The caches an `AnalysisSession` hands the stages.
final class SessionCaches {
  let parses = ParseCache()
  let upstreamNames = UpstreamNamesCache()
  let declarations = DeclarationsCache()
  /// Changes whenever an upstream interface the last analysis read is
  /// another one; declarations made before are not reused.
  var upstreamGeneration = 0
}

/// `===` for optional interfaces: the same object, or both none.
private func === (lhs: (any UpstreamInterface)?, rhs: (any UpstreamInterface)?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): true
  case (let lhs?, let rhs?): (lhs as AnyObject) === (rhs as AnyObject)
  default: false
  }
}
