import Foundation
import HeapModule
import ImplicitsAnalysis
import ImplicitsToolSupport

/// Runs module jobs on a fixed number of threads, each module as soon as
/// everything it depends on is done. Among the ready modules it starts the
/// one with the longest path to the end of the build first (the critical
/// path: the module's estimated cost plus that of its costliest chain of
/// dependents), so that one long chain does not finish last while short
/// ones kept the threads busy. After a failure no new module starts,
/// unless `keepGoing`, in which case modules that do not depend on a
/// failed one go on. Dependents of a failed module are `not-run`.
///
/// A thread with no ready module begins one whose dependencies are not
/// done yet, when `earlyStarts` says it may (its analysis will run
/// whatever they become): the part of its job that needs nothing from
/// them (its parse) runs then, and only the rest waits for them. At most
/// `earlyStarts.limit` begun modules wait at once (each keeps its parse).
///
/// Bookkeeping is linear in modules plus edges: dependency counters, two
/// heaps (ready modules, modules to begin), and one walk over the
/// dependents of each failure. The scheduler knows modules by name and
/// what their jobs return, nothing of what the jobs do.
final class Scheduler: @unchecked Sendable {
  /// What a job calls when its module's dependents may start, before it
  /// ends (its interface is written); a job that ends without calling it
  /// lets them start when it ends, unless it failed.
  typealias Release = @Sendable () -> Void

  /// Beginning modules before their dependencies are done.
  struct EarlyStarts: Sendable {
    /// Whether a module may begin before its dependencies are done.
    var allowed: @Sendable (String) -> Bool
    /// Runs the first part of a module's job.
    var begin: @Sendable (String) -> Begun
    /// How many begun modules may wait at once.
    var limit: Int
  }

  /// A module's job begun early: what finishes it, once its dependencies
  /// are done, or drops it.
  struct Begun: Sendable {
    var finish: @Sendable (@escaping Release) -> ModuleOutcome
    var abandon: @Sendable () -> Void
  }

  private let order: [String]
  private let dependencies: [[Int]]
  private let dependents: [[Int]]
  private let workers: Int
  private let keepGoing: Bool
  private let job: @Sendable (String, @escaping Release) -> ModuleOutcome
  private let finished: @Sendable (String, ModuleOutcome, Int) -> Void
  private let idle: @Sendable () -> Void
  private let earlyStarts: EarlyStarts?
  /// The length of the costliest path from each module to the end.
  private let rank: [Double]

  private let condition = NSCondition()
  private let clock = Stopwatch()
  private var outcomes: [ModuleOutcome?]
  private var waitingOn: [Int]
  private var ready = Heap<Ready>()
  /// Modules that may begin early, by rank; those that started since are
  /// skipped when they come up.
  private var toBegin = Heap<Ready>()
  /// Modules begun and not yet finishing, by index, with when they began.
  private var begun: [Int: (job: Begun, started: Double)] = [:]
  /// Modules whose dependents were let go (their job released them, or
  /// ended).
  private var released: [Bool]
  /// When a job released its module's dependents before it ended.
  private var releasedAt: [Int: Double] = [:]
  /// Modules beginning now.
  private var beginning: Set<Int> = []
  private var runningCount = 0
  private var stopped = false
  /// Stopped from outside (an interruption), not after a failure.
  private var interrupted = false
  private var completedCount = 0

  private struct Ready: Comparable {
    var rank: Double
    var index: Int
    // The heap's max is the highest rank; ties go to build order.
    static func < (a: Ready, b: Ready) -> Bool { (a.rank, -a.index) < (b.rank, -b.index) }
  }

  /// - Parameters:
  ///   - order: modules in build order (dependencies first).
  ///   - dependencies: the modules (of `order`) each module depends on.
  ///   - cost: each module's estimated cost (seconds of the last build, or
  ///     its size); missing ones count 1.
  ///   - finished: called (serially) when a module finishes, with how many have.
  ///   - idle: called on a thread that ran out of work while others still
  ///     run, once each time.
  init(
    order: [String], dependencies: [String: [String]], cost: [String: Double] = [:], policy: SchedulingPolicy = .criticalPath,
    workers: Int, keepGoing: Bool,
    job: @escaping @Sendable (String, @escaping Release) -> ModuleOutcome,
    finished: @escaping @Sendable (String, ModuleOutcome, Int) -> Void,
    idle: @escaping @Sendable () -> Void = {}, earlyStarts: EarlyStarts? = nil
  ) {
    self.order = order
    let index = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    let dependencyIndices = order.map { name in (dependencies[name] ?? []).compactMap { index[$0] } }
    var dependents = [[Int]](repeating: [], count: order.count)
    for (module, upstream) in dependencyIndices.enumerated() {
      for dependency in upstream { dependents[dependency].append(module) }
    }
    self.dependencies = dependencyIndices
    self.dependents = dependents
    // Dependents come later in build order: one backward pass.
    var rank = [Double](repeating: 0, count: order.count)
    for module in order.indices.reversed() {
      let own = policy == .criticalPath ? max(cost[order[module]] ?? 1, 0) : 0
      rank[module] = own + (dependents[module].map { rank[$0] }.max() ?? 0)
    }
    self.rank = rank
    self.workers = max(1, min(workers, order.count))
    self.keepGoing = keepGoing
    self.job = job
    self.finished = finished
    self.idle = idle
    self.earlyStarts = earlyStarts
    outcomes = [ModuleOutcome?](repeating: nil, count: order.count)
    released = [Bool](repeating: false, count: order.count)
    waitingOn = dependencyIndices.map(\.count)
    for module in order.indices {
      if waitingOn[module] == 0 {
        ready.insert(Ready(rank: self.rank[module], index: module))
      } else if let earlyStarts, earlyStarts.allowed(order[module]) {
        toBegin.insert(Ready(rank: self.rank[module], index: module))
      }
    }
  }

  /// Stops starting modules (an interruption); running ones finish.
  func stop() {
    condition.lock()
    stopped = true
    interrupted = true
    condition.broadcast()
    condition.unlock()
  }

  func run() -> [String: ModuleOutcome] {
    guard !order.isEmpty else { return [:] }
    let group = DispatchGroup()
    for index in 0..<workers {
      group.enter()
      // The analyses run on these threads (deep syntax trees recurse deeply).
      LargeStackThread.start(name: "implicits-worker-\(index)") { [self] in
        work()
        group.leave()
      }
    }
    group.wait()
    condition.lock()
    defer { condition.unlock() }
    // Begun modules whose dependencies never finished (the build stopped).
    for (_, waiting) in begun { waiting.job.abandon() }
    begun = [:]
    for module in order.indices where outcomes[module] == nil {
      outcomes[module] = ModuleOutcome(status: .notRun, seconds: 0, reason: notRunReason(module))
    }
    return Dictionary(uniqueKeysWithValues: order.indices.map { (order[$0], outcomes[$0]!) })
  }

  private func notRunReason(_ module: Int) -> ModuleReason {
    if let failed = dependencies[module].first(where: { outcomes[$0].map { $0.status == .failed || $0.status == .notRun } ?? false }) {
      return .dependencyFailed(order[failed])
    }
    return .buildStopped(interrupted: interrupted)
  }

  private func work() {
    // Whether this thread said it is idle since it last ran a job.
    var saidIdle = true
    condition.lock()
    while true {
      if !stopped, let next = ready.popMax() {
        runningCount += 1
        saidIdle = false
        let early = begun.removeValue(forKey: next.index)
        // Its place among the begun ones is free for another.
        if early != nil && canBegin { condition.broadcast() }
        condition.unlock()
        let started = clock.seconds
        let release: Release = { [self] in self.release(next.index) }
        var outcome = early?.job.finish(release) ?? self.job(order[next.index], release)
        outcome.started = early?.started ?? started
        if early != nil { outcome.resumed = started }
        outcome.ended = clock.seconds
        condition.lock()
        outcome.released = releasedAt.removeValue(forKey: next.index)
        runningCount -= 1
        let abandoned = record(next.index, outcome)
        // This thread takes the next ready module itself: the others are
        // woken only for more than one, or to end. Along a chain, one
        // thread goes down it instead of handing each module to another.
        if ready.count > 1 || stopped || (ready.isEmpty && runningCount == 0) || canBegin { condition.broadcast() }
        abandon(abandoned)
        continue
      }
      if !stopped, canBegin, let next = nextToBegin() {
        runningCount += 1
        saidIdle = false
        beginning.insert(next)
        condition.unlock()
        let started = clock.seconds
        let job = earlyStarts!.begin(order[next])
        condition.lock()
        runningCount -= 1
        beginning.remove(next)
        if stopped || outcomes[next] != nil {
          // A dependency failed meanwhile (the module is not run), or the
          // build stops.
          abandon([job])
        } else {
          begun[next] = (job, started)
          if waitingOn[next] == 0 { ready.insert(Ready(rank: rank[next], index: next)) }
        }
        if !ready.isEmpty || (runningCount == 0 && (stopped || begun.isEmpty)) { condition.broadcast() }
        continue
      }
      if runningCount == 0 {
        condition.broadcast()
        condition.unlock()
        return
      }
      if !saidIdle {
        // Out of work while others run (the last modules of a build, the
        // narrow places of a graph).
        saidIdle = true
        condition.unlock()
        idle()
        condition.lock()
        continue
      }
      condition.wait()
    }
  }

  /// Whether a module may begin now: fewer begun ones wait than allowed.
  private var canBegin: Bool {
    guard let earlyStarts else { return false }
    return !toBegin.isEmpty && begun.count + beginning.count < earlyStarts.limit
  }

  /// The module of highest rank that may begin and has not started.
  private func nextToBegin() -> Int? {
    while let next = toBegin.popMax() {
      if waitingOn[next.index] > 0, outcomes[next.index] == nil { return next.index }
    }
    return nil
  }

  /// Lets the dependents of `module` start before its job ends.
  private func release(_ module: Int) {
    condition.lock()
    defer { condition.unlock() }
    guard !released[module], !stopped else { return }
    releasedAt[module] = clock.seconds
    letDependentsGo(module)
    if !ready.isEmpty { condition.broadcast() }
  }

  /// Drops begun jobs, with the lock held by the caller, which it lets go
  /// meanwhile (dropping one may wait on a worker process).
  private func abandon(_ jobs: [Begun]) {
    guard !jobs.isEmpty else { return }
    condition.unlock()
    for job in jobs { job.abandon() }
    condition.lock()
  }

  /// Returns the begun jobs of the modules that will not run now.
  /// A module released before it failed keeps its dependents going (they
  /// had its interface).
  private func record(_ module: Int, _ outcome: ModuleOutcome) -> [Begun] {
    outcomes[module] = outcome
    completedCount += 1
    finished(order[module], outcome, completedCount)
    guard outcome.status == .analyzed || outcome.status == .upToDate else {
      if !keepGoing { stopped = true }
      return released[module] ? [] : markDependentsNotRun(of: module)
    }
    if !released[module] { letDependentsGo(module) }
    return []
  }

  /// `module`'s dependents no longer wait for it.
  private func letDependentsGo(_ module: Int) {
    released[module] = true
    for dependent in dependents[module] {
      waitingOn[dependent] -= 1
      // A module beginning now becomes ready when its beginning ends.
      if waitingOn[dependent] == 0, outcomes[dependent] == nil, !beginning.contains(dependent) {
        ready.insert(Ready(rank: rank[dependent], index: dependent))
      }
    }
  }

  /// Marks every module that depends on `failed`, directly or not; each
  /// module is marked once, so all failures together walk each edge once.
  /// Returns the begun jobs of those marked.
  private func markDependentsNotRun(of failed: Int) -> [Begun] {
    var stack = dependents[failed]
    var abandoned: [Begun] = []
    while let module = stack.popLast() {
      guard outcomes[module] == nil else { continue }
      outcomes[module] = ModuleOutcome(status: .notRun, seconds: 0, reason: notRunReason(module))
      if let waiting = begun.removeValue(forKey: module) { abandoned.append(waiting.job) }
      stack += dependents[module]
    }
    return abandoned
  }
}
