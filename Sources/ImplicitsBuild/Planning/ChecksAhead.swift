import ImplicitsFileSystem

/// The up-to-date checks of every module, made before the scheduler starts,
/// on all the build's threads, each taking the interfaces below its module
/// to be the ones its record saw.
///
/// A module's check needs the fingerprints its dependencies have in this
/// build, so the scheduler makes it only when they finished: down a chain,
/// one check after another on one thread. Most of a check (the record,
/// the sources' and outputs' stamps, the options) does not depend on them.
/// Made ahead, a check leaves the scheduler one question: do the
/// dependencies have the fingerprints the record saw? When they do, the
/// outcome made ahead is the one the check would make now (the same
/// record, stamps and options, under the same lock); when they do not, or
/// when the module was not up to date, the module is checked again in
/// turn, as before.
///
/// What it keeps is what the build keeps anyway, the outcome of each
/// up-to-date module, and the fingerprints its record saw.
struct ChecksAhead: Sendable {
  private struct Ahead: Sendable {
    var outcome: ModuleOutcome
    var upstream: [String: String]
  }

  private let ahead: [String: Ahead]

  init(of modules: [String], planner: BuildPlanner, database: BuildDatabase, threads: Int) {
    let checked = modules.concurrentMap(threads: threads) { module -> Ahead? in
      guard let previous = database.record(of: module) else { return nil }
      let planned = planner.plan(module, previous: previous, fingerprint: { previous.upstream[$0] })
      guard case .done(let outcome) = planned.verdict, outcome.status == .upToDate else { return nil }
      return Ahead(outcome: outcome, upstream: previous.upstream)
    }
    var ahead: [String: Ahead] = [:]
    ahead.reserveCapacity(modules.count)
    for (module, entry) in zip(modules, checked) {
      if let entry { ahead[module] = entry }
    }
    self.ahead = ahead
  }

  /// The outcome of `module` checked ahead, when it was up to date and the
  /// modules below it have (`fingerprint`) the interfaces its record saw.
  func outcome(of module: String, fingerprint: (String) -> String?) -> ModuleOutcome? {
    guard let entry = ahead[module], entry.upstream.allSatisfy({ fingerprint($0.key) == $0.value }) else { return nil }
    return entry.outcome
  }
}
