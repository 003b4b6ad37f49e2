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
/// Bookkeeping is linear in modules plus edges: dependency counters, a
/// heap of ready modules, and one walk over the dependents of each
/// failure. The scheduler knows modules by name and what their jobs
/// return, nothing of what the jobs do.
final class Scheduler: @unchecked Sendable {
  private let order: [String]
  private let dependencies: [[Int]]
  private let dependents: [[Int]]
  private let workers: Int
  private let keepGoing: Bool
  private let job: @Sendable (String) -> ModuleOutcome
  private let finished: @Sendable (String, ModuleOutcome, Int) -> Void
  private let idle: @Sendable () -> Void
  /// The length of the costliest path from each module to the end.
  private let rank: [Double]

  private let condition = NSCondition()
  private let clock = Stopwatch()
  private var outcomes: [ModuleOutcome?]
  private var waitingOn: [Int]
  private var ready = Heap<Ready>()
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
    job: @escaping @Sendable (String) -> ModuleOutcome,
    finished: @escaping @Sendable (String, ModuleOutcome, Int) -> Void,
    idle: @escaping @Sendable () -> Void = {}
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
    outcomes = [ModuleOutcome?](repeating: nil, count: order.count)
    waitingOn = dependencyIndices.map(\.count)
    for module in order.indices where waitingOn[module] == 0 {
      ready.insert(Ready(rank: self.rank[module], index: module))
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
        condition.unlock()
        let started = clock.seconds
        var outcome = job(order[next.index])
        outcome.started = started
        condition.lock()
        runningCount -= 1
        record(next.index, outcome)
        // This thread takes the next ready module itself: the others are
        // woken only for more than one, or to end. Along a chain, one
        // thread goes down it instead of handing each module to another.
        if ready.count > 1 || stopped || (ready.isEmpty && runningCount == 0) { condition.broadcast() }
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

  private func record(_ module: Int, _ outcome: ModuleOutcome) {
    outcomes[module] = outcome
    completedCount += 1
    finished(order[module], outcome, completedCount)
    guard outcome.status == .analyzed || outcome.status == .upToDate else {
      if !keepGoing { stopped = true }
      markDependentsNotRun(of: module)
      return
    }
    for dependent in dependents[module] {
      waitingOn[dependent] -= 1
      if waitingOn[dependent] == 0, outcomes[dependent] == nil {
        ready.insert(Ready(rank: rank[dependent], index: dependent))
      }
    }
  }

  /// Marks every module that depends on `failed`, directly or not; each
  /// module is marked once, so all failures together walk each edge once.
  private func markDependentsNotRun(of failed: Int) {
    var stack = dependents[failed]
    while let module = stack.popLast() {
      guard outcomes[module] == nil else { continue }
      outcomes[module] = ModuleOutcome(status: .notRun, seconds: 0, reason: notRunReason(module))
      stack += dependents[module]
    }
  }
}
