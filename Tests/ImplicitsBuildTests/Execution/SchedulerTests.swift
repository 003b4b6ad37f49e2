import Foundation
import ImplicitsToolSupport
import Testing

@testable import ImplicitsBuild

/// The scheduler alone: it orders jobs by their dependencies and ranks,
/// and knows nothing of what a job does.
@Suite struct SchedulerTests {
  /// Runs `order` with `dependencies`; jobs named in `failing` fail.
  func run(
    _ order: [String], _ dependencies: [String: [String]], cost: [String: Double] = [:], workers: Int = 1,
    keepGoing: Bool = false, failing: Set<String> = [], policy: SchedulingPolicy = .criticalPath
  ) -> (started: [String], outcomes: [String: ModuleOutcome]) {
    let started = LockedValue<[String]>([])
    let scheduler = Scheduler(
      order: order, dependencies: dependencies, cost: cost, policy: policy, workers: workers, keepGoing: keepGoing,
      job: { name in
        started.withLock { $0.append(name) }
        return ModuleOutcome(status: failing.contains(name) ? .failed : .analyzed, seconds: 0, reason: .unchanged)
      },
      finished: { _, _, _ in })
    let outcomes = scheduler.run()
    return (started.withLock { $0 }, outcomes)
  }

  @Test func everyModuleStartsAfterWhatItDependsOn() {
    let order = ["A", "B", "C", "D"]
    let dependencies = ["B": ["A"], "C": ["A"], "D": ["B", "C"]]
    for workers in [1, 2, 4] {
      let (started, outcomes) = run(order, dependencies, workers: workers)
      #expect(Set(started) == Set(order))
      #expect(started.firstIndex(of: "A")! < started.firstIndex(of: "B")!)
      #expect(started.last == "D")
      #expect(outcomes.values.allSatisfy { $0.status == .analyzed })
    }
  }

  @Test func theLongestPathToTheEndStartsFirst() {
    // Z heads a chain of three; the others stand alone. By build order A
    // would start first; by the critical path, Z.
    let order = ["A", "B", "Z", "Z1", "Z2"]
    let dependencies = ["Z1": ["Z"], "Z2": ["Z1"]]
    #expect(run(order, dependencies).started.first == "Z")
    #expect(run(order, dependencies, policy: .buildOrder).started.first == "A")
    // Costs count: a costly lone module outranks a cheap chain.
    #expect(run(order, dependencies, cost: ["B": 100, "Z": 1, "Z1": 1, "Z2": 1, "A": 1]).started.first == "B")
  }

  @Test func aFailureStopsNewStartsAndMarksWhatDependsOnIt() {
    let order = ["A", "B", "C", "D"]
    let dependencies = ["C": ["A"], "D": ["C"]]
    let stopped = run(order, dependencies, cost: ["A": 10, "B": 1, "C": 10, "D": 10], failing: ["A"])
    #expect(stopped.started == ["A"])
    #expect(stopped.outcomes["C"]?.status == .notRun)
    #expect(stopped.outcomes["C"]?.explanation == "'A', which it depends on, failed or did not run")
    #expect(stopped.outcomes["D"]?.status == .notRun)
    #expect(stopped.outcomes["B"]?.explanation == "the build stopped after a failure")
    let going = run(order, dependencies, cost: ["A": 10, "B": 1, "C": 10, "D": 10], keepGoing: true, failing: ["A"])
    #expect(going.started == ["A", "B"])
    #expect(going.outcomes["B"]?.status == .analyzed)
    #expect(going.outcomes["D"]?.status == .notRun)
  }

  @Test func stopStartsNothingMore() {
    let box = LockedValue<Scheduler?>(nil)
    let started = LockedValue<[String]>([])
    let scheduler = Scheduler(
      order: ["A", "B", "C"], dependencies: ["B": ["A"], "C": ["B"]], workers: 1, keepGoing: false,
      job: { name in
        started.withLock { $0.append(name) }
        if name == "A" { box.withLock { $0 }?.stop() }
        return ModuleOutcome(status: .analyzed, seconds: 0, reason: .unchanged)
      },
      finished: { _, _, _ in })
    box.withLock { $0 = scheduler }
    let outcomes = scheduler.run()
    #expect(started.withLock { $0 } == ["A"])
    #expect(outcomes["B"]?.status == .notRun)
    #expect(outcomes["B"]?.explanation == "the build stopped")
  }

  /// A thread that ran a job and finds no other while another thread's
  /// job runs says so (a build returns freed memory then).
  @Test func anIdleThreadSaysSoWhileOthersRun() {
    let idle = LockedValue(0)
    let bothStarted = DispatchGroup()
    bothStarted.enter()
    bothStarted.enter()
    let release = DispatchSemaphore(value: 0)
    let scheduler = Scheduler(
      order: ["Quick", "Slow"], dependencies: [:], workers: 2, keepGoing: false,
      job: { name in
        bothStarted.leave()
        bothStarted.wait()
        if name == "Slow" { release.wait() }
        return ModuleOutcome(status: .analyzed, seconds: 0, reason: .unchanged)
      },
      finished: { _, _, _ in },
      idle: {
        idle.withLock { $0 += 1 }
        release.signal()
      })
    _ = scheduler.run()
    #expect(idle.withLock { $0 } >= 1)
  }

  /// How many jobs run at once, counted as they start and end: never more
  /// than the workers, and with two workers two independent jobs do run
  /// together (each waits, with a time limit, until the other started).
  @Test(arguments: [1, 2])
  func asManyJobsRunAtOnceAsThereAreWorkers(workers: Int) {
    let running = LockedValue((now: 0, most: 0))
    let bothStarted = DispatchGroup()
    bothStarted.enter()
    bothStarted.enter()
    let met = LockedValue(true)
    let scheduler = Scheduler(
      order: ["A", "B", "C"], dependencies: [:], workers: workers, keepGoing: false,
      job: { name in
        running.withLock { state in
          state.now += 1
          state.most = max(state.most, state.now)
        }
        if workers == 2, name != "C" {
          bothStarted.leave()
          if bothStarted.wait(timeout: .now() + 10) == .timedOut { met.withLock { $0 = false } }
        }
        running.withLock { $0.now -= 1 }
        return ModuleOutcome(status: .analyzed, seconds: 0, reason: .unchanged)
      },
      finished: { _, _, _ in })
    _ = scheduler.run()
    #expect(running.withLock { $0.most } == workers)
    #expect(met.withLock { $0 }, "the two jobs did not run at once")
  }
}
