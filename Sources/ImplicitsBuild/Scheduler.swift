import Foundation

/// Runs module jobs on a fixed number of worker threads, each module as
/// soon as everything it depends on is done. After a failure no new module
/// starts, unless `keepGoing`, in which case modules that do not depend on
/// a failed one go on. Dependents of a failed module are `not-run`.
final class Scheduler: @unchecked Sendable {
  private let order: [String]
  private let dependencies: [String: [String]]
  private let workers: Int
  private let keepGoing: Bool
  private let job: @Sendable (String) -> ModuleOutcome
  private let finished: @Sendable (String, ModuleOutcome, Int) -> Void

  private let condition = NSCondition()
  private let start = DispatchTime.now()
  private var outcomes: [String: ModuleOutcome] = [:]
  private var running = Set<String>()
  private var stopped = false
  private var completedCount = 0

  /// - Parameters:
  ///   - order: modules in build order (dependencies first).
  ///   - dependencies: the modules (of `order`) each module depends on.
  ///   - finished: called (serially) when a module finishes, with how many have.
  init(
    order: [String], dependencies: [String: [String]], workers: Int, keepGoing: Bool,
    job: @escaping @Sendable (String) -> ModuleOutcome,
    finished: @escaping @Sendable (String, ModuleOutcome, Int) -> Void
  ) {
    self.order = order
    self.dependencies = dependencies
    self.workers = max(1, min(workers, order.count))
    self.keepGoing = keepGoing
    self.job = job
    self.finished = finished
  }

  /// Stops starting modules (an interruption); running ones finish.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  func run() -> [String: ModuleOutcome] {
    guard !order.isEmpty else { return [:] }
    let group = DispatchGroup()
    for index in 0..<workers {
      group.enter()
      let thread = Thread { [self] in
        work()
        group.leave()
      }
      thread.name = "implicits-worker-\(index)"
      thread.stackSize = 64 << 20  // deep syntax trees recurse deeply
      thread.start()
    }
    group.wait()
    condition.lock()
    defer { condition.unlock() }
    for name in order where outcomes[name] == nil {
      outcomes[name] = ModuleOutcome(status: .notRun, seconds: 0, reason: notRunReason(name))
    }
    return outcomes
  }

  private func notRunReason(_ name: String) -> String {
    if let failed = (dependencies[name] ?? []).first(where: { outcomes[$0].map { $0.status == .failed || $0.status == .notRun } ?? false }) {
      return "'\(failed)', which it depends on, failed or did not run"
    }
    return stopped ? "the build stopped" : "the build stopped after a failure"
  }

  private func work() {
    condition.lock()
    while true {
      if let next = nextReady() {
        running.insert(next)
        condition.unlock()
        let started = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        var outcome = job(next)
        outcome.started = started
        condition.lock()
        running.remove(next)
        record(next, outcome)
        condition.broadcast()
        continue
      }
      if running.isEmpty || isDone() {
        condition.broadcast()
        condition.unlock()
        return
      }
      condition.wait()
    }
  }

  private func record(_ name: String, _ outcome: ModuleOutcome) {
    outcomes[name] = outcome
    completedCount += 1
    finished(name, outcome, completedCount)
    if outcome.status == .failed {
      if !keepGoing { stopped = true }
      markDependentsNotRun()
    }
  }

  /// Marks every module that depends on a failed or not-run one.
  private func markDependentsNotRun() {
    var changed = true
    while changed {
      changed = false
      for name in order where outcomes[name] == nil && !running.contains(name) {
        let blocked = (dependencies[name] ?? []).contains {
          outcomes[$0].map { $0.status == .failed || $0.status == .notRun } ?? false
        }
        if blocked {
          outcomes[name] = ModuleOutcome(status: .notRun, seconds: 0, reason: notRunReason(name))
          changed = true
        }
      }
    }
  }

  private func nextReady() -> String? {
    guard !stopped else { return nil }
    return order.first { name in
      outcomes[name] == nil && !running.contains(name)
        && (dependencies[name] ?? []).allSatisfy { outcomes[$0].map { $0.status == .analyzed || $0.status == .upToDate } ?? false }
    }
  }

  private func isDone() -> Bool {
    stopped || order.allSatisfy { outcomes[$0] != nil }
  }
}
