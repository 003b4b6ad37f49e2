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
/// A module found stale for a reason its dependencies cannot change (no
/// record, its sources, its options or the tool changed: reasons checked
/// before their fingerprints) is analyzed whatever they become: its plan
/// made ahead is final, and the scheduler may begin it before they are
/// done (`Scheduler.EarlyStarts`).
///
/// What it keeps is what the build keeps anyway, the outcome of each
/// up-to-date module, and the fingerprints its record saw; and the plan of
/// each module stale whatever its dependencies become.
struct ChecksAhead: Sendable {
  private enum Ahead: Sendable {
    case upToDate(ModuleOutcome, upstream: [String: String])
    case stale(PlannedModule)
  }

  private let ahead: [String: Ahead]

  init(of modules: [String], planner: BuildPlanner, database: BuildDatabase, threads: Int) {
    let checked = modules.concurrentMap(threads: threads) { module -> Ahead? in
      let previous = database.record(of: module)
      let planned = planner.plan(module, previous: previous, fingerprint: { previous?.upstream[$0] })
      switch planned.verdict {
      case .done(let outcome):
        guard let previous, outcome.status == .upToDate else { return nil }
        return .upToDate(outcome, upstream: previous.upstream)
      case .analyze: return planned.reason.isDecidedBeforeUpstream ? .stale(planned) : nil
      }
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
    guard case .upToDate(let outcome, let upstream) = ahead[module],
      upstream.allSatisfy({ fingerprint($0.key) == $0.value })
    else { return nil }
    return outcome
  }

  /// The plan of `module` when it is analyzed whatever its dependencies
  /// become.
  func stalePlan(of module: String) -> PlannedModule? {
    guard case .stale(let planned) = ahead[module] else { return nil }
    return planned
  }
}
