import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem

/// What a build server keeps of one module's last analysis for its next
/// build: the files' trees, the declarations and the bodies of untouched
/// files (the file-level reuse of an editor's session), and the upstream
/// interface objects they were made against, as long as the files of those
/// interfaces stay the same.
final class KeptModuleAnalysis: @unchecked Sendable {
  let parseCache = ParseCache()
  let upstreamNames = UpstreamNamesCache()
  let declarationsCache = DeclarationsCache()
  /// The bytes of the module's sources at its last analysis (what the
  /// store counts).
  var sourceBytes = 0

  /// What the catalog answered for a name the analyses asked for: the
  /// interface file (nil: the module may read none of that name), its
  /// status when first asked, and the object made for it.
  private struct Answer {
    var path: String?
    var status: FileStatus?
    var interface: LazyInterface?
  }

  private var answers: [String: Answer] = [:]
  /// Shared by the kept interfaces (it holds them unowned: dropped with them).
  private var budget = InterfaceBudget()
  private var generation = 0
  private let lock = NSLock()

  /// Before an analysis of `module`: the kept interface objects serve
  /// only when every name asked before finds the same file, unchanged
  /// (identity, size, time) and usable; else they go, and so do the
  /// declarations made against them.
  func checkUpstream(of module: String, catalog: UpstreamCatalog, fileSystem: any FileSystem) {
    let unchanged = answers.allSatisfy { name, answer in
      let path = catalog.interfacePath(of: name, for: module)
      guard path == answer.path else { return false }
      guard let path else { return true }
      guard case .success(let status) = fileSystem.status(path) else { return false }
      return status == answer.status && answer.interface?.failure == nil
    }
    if !unchanged {
      answers = [:]
      budget = InterfaceBudget()
      generation += 1
    }
    declarationsCache.use(upstreamVersion: "\(generation)")
  }

  /// The interfaces `module`'s analysis may read: the kept objects, and
  /// new ones (kept too) for names not asked before.
  func upstream(of module: String, catalog: UpstreamCatalog, fileSystem: any FileSystem) -> UpstreamInterfaces {
    UpstreamInterfaces { [self] name in
      lock.withLock {
        if let answer = answers[name] { return answer.interface }
        var answer = Answer()
        if let path = catalog.interfacePath(of: name, for: module) {
          answer.path = path
          answer.status = try? fileSystem.status(path).get()
          answer.interface = LazyInterface(moduleName: name, path: path, budget: budget)
        }
        answers[name] = answer
        return answer.interface
      }
    }
  }
}

/// The kept analyses of a build server's modules, the most recently used
/// first, within a bound on their sources' bytes (trees, declarations,
/// bodies and the interfaces read take some 200 times the bytes of the
/// sources): memory does not grow with the project, and the modules being
/// edited stay.
final class KeptAnalyses: @unchecked Sendable {
  /// The default bound: 2 MiB of sources (about 60,000 lines).
  static let defaultLimit = 2 << 20

  let limit: Int
  private var kept: [String: KeptModuleAnalysis] = [:]
  /// Keys, least recently used first.
  private var order: [String] = []
  private let lock = NSLock()
  /// How many analyses found something kept, and how many reused
  /// declarations (what `implicits build-server --status` says).
  private(set) var hits = 0
  private(set) var reuses = 0
  private(set) var analyses = 0

  init(limit: Int = KeptAnalyses.defaultLimit) {
    self.limit = limit
  }

  /// The kept analysis of `key`, taken out while its module is analyzed
  /// (a fresh one when none is kept).
  func take(_ key: String) -> KeptModuleAnalysis {
    lock.withLock {
      analyses += 1
      guard let found = kept.removeValue(forKey: key) else { return KeptModuleAnalysis() }
      order.removeAll { $0 == key }
      hits += 1
      return found
    }
  }

  /// Puts `analysis` back as the most recently used; the least recently
  /// used go while the bound is passed (the one just put back stays).
  func giveBack(_ analysis: KeptModuleAnalysis, as key: String, reused: Bool) {
    lock.withLock {
      if reused { reuses += 1 }
      kept[key] = analysis
      order.append(key)
      var bytes = kept.values.reduce(0) { $0 + $1.sourceBytes }
      while bytes > limit, order.count > 1 {
        let oldest = order.removeFirst()
        bytes -= kept.removeValue(forKey: oldest)?.sourceBytes ?? 0
      }
    }
  }

  /// What is kept, in words.
  var summary: String {
    lock.withLock {
      let bytes = kept.values.reduce(0) { $0 + $1.sourceBytes }
      return "\(kept.count) modules kept (\(bytes / 1024) KB of sources, limit \(limit / 1024) KB); "
        + "\(analyses) analyses, \(hits) found their module kept, \(reuses) reused its declarations"
    }
  }
}

/// Runs a build server's jobs in its process, each module's analysis
/// starting from what the server kept of the last one. A crash in an
/// analysis ends the server: its client builds again without it, in
/// worker processes.
final class KeptAnalysesExecutor: AnalysisExecutor {
  private let catalog: UpstreamCatalog
  private let store: KeptAnalyses
  private let fileSystem: any FileSystem

  init(catalog: UpstreamCatalog, store: KeptAnalyses, fileSystem: any FileSystem = LocalFileSystem()) {
    self.catalog = catalog
    self.store = store
    self.fileSystem = fileSystem
  }

  func run(_ job: AnalysisJob, reason: String, known: [String: ModuleState.SourceRecord]) -> ModuleOutcome {
    let key = job.layout.outputDirectory + "\u{0}" + job.module
    let kept = store.take(key)
    let reusesBefore = kept.declarationsCache.reuses
    kept.checkUpstream(of: job.module, catalog: catalog, fileSystem: fileSystem)
    let (catalog, fileSystem) = (self.catalog, self.fileSystem)
    var analysis = ModuleAnalysis(
      job: job,
      analyze: { request in
        var request = request
        request.upstream = kept.upstream(of: request.moduleName, catalog: catalog, fileSystem: fileSystem)
        request.parseCache = kept.parseCache
        request.upstreamNames = kept.upstreamNames
        request.declarationsCache = kept.declarationsCache
        kept.sourceBytes = request.sources.reduce(0) { $0 + $1.contents.count }
        return ModuleAnalysis.analyzeChecked(request)
      }, fileSystem: fileSystem)
    analysis.progress = { stage, _ in CrashForTesting.crashIfAsked(module: job.module, stage: stage) }
    let outcome = analysis.run(reason: reason, known: known)
    store.giveBack(kept, as: key, reused: kept.declarationsCache.reuses > reusesBefore)
    return outcome
  }

  /// Running analyses finish; the scheduler starts no other.
  func stop() -> Int { 0 }

  func finish() {}

  func idle() { FreedMemory.returnToSystem() }
}
