import Foundation
import ImplicitsAnalysis
import ImplicitsBuild
import ImplicitsFileSystem
import ImplicitsToolSupport

/// The analysis sessions of a build server's modules (`AnalysisSession`),
/// the most recently used first, within a bound on their sources' bytes
/// (trees, declarations, bodies and the interfaces read take some 200
/// times the bytes of the sources): memory does not grow with the
/// project, and the modules being edited stay.
final class KeptAnalyses: @unchecked Sendable {
  /// The default bound: 2 MiB of sources (about 60,000 lines).
  static let defaultLimit = 2 << 20

  /// A module of one build's output folder.
  struct Key: Hashable, Sendable {
    var outputDirectory: String
    var module: String
  }

  private struct Counts {
    var analyses = 0
    var hits = 0
    var reuses = 0
  }

  private let sessions: LeastRecentlyUsedStore<Key, AnalysisSession>
  /// How many analyses found their module's session kept, and how many
  /// reused declarations (what `implicits build-server --status` says).
  private let counts = LockedValue(Counts())

  init(limit: Int = KeptAnalyses.defaultLimit) {
    sessions = LeastRecentlyUsedStore(limit: limit) { $0.sourceBytes }
  }

  /// The session of `key`, taken out while its module is analyzed (a
  /// fresh one when none is kept).
  func take(_ key: Key) -> AnalysisSession {
    let found = sessions.take(key)
    counts.withLock {
      $0.analyses += 1
      if found != nil { $0.hits += 1 }
    }
    // A module of a build may read very many interfaces: they share a budget.
    return found ?? AnalysisSession(interfaceBudget: InterfaceBudget())
  }

  /// Puts `session` back as the most recently used.
  func giveBack(_ session: AnalysisSession, as key: Key, reused: Bool) {
    if reused { counts.withLock { $0.reuses += 1 } }
    sessions.giveBack(session, as: key)
  }

  /// What is kept, in words.
  var summary: String {
    let (count, bytes) = sessions.occupancy
    let counts = counts.withLock { $0 }
    return "\(count) modules kept (\(bytes / 1024) KB of sources, limit \(sessions.limit / 1024) KB); "
      + "\(counts.analyses) analyses, \(counts.hits) found their module kept, \(counts.reuses) reused its declarations"
  }
}

/// Runs a build server's jobs in its process, each module's analysis in
/// the module's kept session. A crash in an analysis ends the server: its
/// client builds again without it, in worker processes.
final class KeptAnalysesExecutor: AnalysisExecutor {
  private let catalog: UpstreamCatalog
  private let store: KeptAnalyses

  init(catalog: UpstreamCatalog, store: KeptAnalyses) {
    self.catalog = catalog
    self.store = store
  }

  func run(
    _ job: AnalysisJob, reason: ModuleReason, known: [String: ModuleState.SourceRecord], released: @escaping Released
  ) -> ModuleOutcome {
    let key = KeptAnalyses.Key(outputDirectory: job.layout.outputDirectory, module: job.module)
    let session = store.take(key)
    let catalog = self.catalog
    let reusesBefore = session.totals.declarationReuses
    var analysis = ModuleAnalysis(
      job: job,
      analyze: { request in
        var request = request
        // The look-up captures the name, not `request`: the request holds
        // the look-up, and the cycle kept every build's request (its
        // sources' bytes) and catalog (its database) alive.
        let module = request.moduleName
        request.upstream = session.upstream { catalog.interfacePath(of: $0, for: module) }
        // Never nil: the request has no `isCancelled`.
        return ModuleAnalysis.analyzeChecked(request) { session.analyze($0)!.result }
      })
    analysis.progress = { stage, _ in CrashForTesting.crashIfAsked(module: job.module, stage: stage) }
    analysis.released = released
    // The session parses, reusing the trees of unchanged files.
    analysis.parsesAhead = false
    let outcome = analysis.run(reason: reason, known: known)
    store.giveBack(session, as: key, reused: session.totals.declarationReuses > reusesBefore)
    return outcome
  }

  /// Running analyses finish; the scheduler starts no other.
  func stop() -> Int { 0 }

  func finish() {}

  func idle() { FreedMemory.returnToSystem() }
}
