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
      job: { name, _ in
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
      job: { name, _ in
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
      job: { name, _ in
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
      job: { name, _ in
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

  /// A job begun ahead by `runPipelined`'s scheduler: says what happened
  /// to it.
  func loggedJob(_ name: String, log: LockedValue<[String]>, failing: Bool) -> Scheduler.Begun {
    Scheduler.Begun(
      finish: { _ in
        log.withLock { $0.append("finish \(name)") }
        return ModuleOutcome(status: failing ? .failed : .analyzed, seconds: 0, reason: .noPreviousAnalysis)
      },
      abandon: { log.withLock { $0.append("abandon \(name)") } })
  }

  /// Runs `order` on two workers with early starts allowed for `ahead`,
  /// logging each whole job, beginning, finish and abandon. `hold`'s job
  /// waits (with a time limit) until `waitFor` has begun.
  func runPipelined(
    _ order: [String], _ dependencies: [String: [String]], ahead: Set<String>, limit: Int = 2,
    hold: String, waitFor: String, failing: Set<String> = [], keepGoing: Bool = false
  ) -> (log: [String], outcomes: [String: ModuleOutcome], met: Bool) {
    let log = LockedValue<[String]>([])
    let begun = DispatchSemaphore(value: 0)
    let met = LockedValue(true)
    let scheduler = Scheduler(
      order: order, dependencies: dependencies, workers: 2, keepGoing: keepGoing,
      job: { name, _ in
        log.withLock { $0.append("run \(name)") }
        if name == hold, begun.wait(timeout: .now() + 10) == .timedOut { met.withLock { $0 = false } }
        return ModuleOutcome(status: failing.contains(name) ? .failed : .analyzed, seconds: 0, reason: .unchanged)
      },
      finished: { _, _, _ in },
      earlyStarts: Scheduler.EarlyStarts(
        allowed: { ahead.contains($0) },
        begin: { name in
          log.withLock { $0.append("begin \(name)") }
          if name == waitFor { begun.signal() }
          return loggedJob(name, log: log, failing: failing.contains(name))
        },
        limit: limit))
    let outcomes = scheduler.run()
    return (log.withLock { $0 }, outcomes, met.withLock { $0 })
  }

  /// Down a chain, the second thread begins the next module while the
  /// first analyzes the one it depends on; the begun module finishes
  /// after it, as begun, and is not run whole.
  @Test func aModuleBeginsWhileWhatItDependsOnRuns() {
    let (log, outcomes, met) = runPipelined(
      ["A", "B", "C"], ["B": ["A"], "C": ["B"]], ahead: ["B", "C"], hold: "A", waitFor: "B")
    #expect(met, "B did not begin while A ran")
    #expect(log.firstIndex(of: "begin B")! < log.firstIndex(of: "finish B")!)
    #expect(log.firstIndex(of: "run A")! < log.firstIndex(of: "finish B")!)
    #expect(!log.contains("run B"))
    #expect(outcomes.values.allSatisfy { $0.status == .analyzed })
    #expect(outcomes["B"]!.resumed != nil && outcomes["B"]!.started <= outcomes["B"]!.resumed!)
    #expect(outcomes["A"]!.ended <= outcomes["B"]!.resumed!)
    #expect(outcomes["A"]!.resumed == nil)
  }

  /// A module whose plan depends on what it depends on never begins
  /// early: it runs whole, after them.
  @Test func onlyModulesAllowedBeginEarly() {
    let (log, _, met) = runPipelined(
      ["A", "B", "C"], ["B": ["A"], "C": ["A"]], ahead: ["C"], hold: "A", waitFor: "C")
    #expect(met)
    #expect(!log.contains("begin B"))
    #expect(log.firstIndex(of: "run A")! < log.firstIndex(of: "run B")!)
  }

  /// A begun module below a failure is dropped, not run; so are those
  /// still begun when the build stops.
  @Test func aBegunModuleBelowAFailureIsAbandoned() {
    let (log, outcomes, met) = runPipelined(
      ["A", "B", "C"], ["B": ["A"], "C": ["B"]], ahead: ["B", "C"], hold: "A", waitFor: "B", failing: ["A"])
    #expect(met)
    #expect(log.contains("abandon B"))
    #expect(!log.contains("finish B") && !log.contains("finish C"))
    #expect(outcomes["B"]?.status == .notRun)
    #expect(outcomes["B"]?.explanation == "'A', which it depends on, failed or did not run")
    #expect(outcomes["C"]?.status == .notRun)
    // Everything begun was finished or abandoned, once.
    for name in ["B", "C"] where log.contains("begin \(name)") {
      #expect(log.filter { $0 == "abandon \(name)" || $0 == "finish \(name)" }.count == 1)
    }
  }

  /// No more begun modules wait at once than the limit.
  @Test func begunModulesWaitUpToTheLimit() {
    let order = ["A"] + (1...6).map { "B\($0)" }
    let dependencies = Dictionary(uniqueKeysWithValues: (1...6).map { ("B\($0)", ["A"]) })
    let (log, outcomes, met) = runPipelined(
      order, dependencies, ahead: Set(order.dropFirst()), limit: 2, hold: "A", waitFor: "B2")
    #expect(met)
    // While A ran, two modules began and waited; the others ran whole after it.
    let aEnded = log.firstIndex { $0.hasPrefix("finish") }!
    #expect(log[..<aEnded].filter { $0.hasPrefix("begin") }.count == 2)
    #expect(outcomes.values.allSatisfy { $0.status == .analyzed })
  }

  /// A job that releases its module lets what depends on it start before
  /// it ends (its interface is written; the rest of its outputs follow);
  /// if it then fails, they still run: they had what they needed.
  @Test(arguments: [false, true])
  func aReleasedModuleLetsItsDependentsStartBeforeItEnds(failsAfter: Bool) {
    let dependentStarted = DispatchSemaphore(value: 0)
    let met = LockedValue(true)
    let scheduler = Scheduler(
      order: ["A", "B"], dependencies: ["B": ["A"]], workers: 2, keepGoing: true,
      job: { name, release in
        if name == "A" {
          release()
          if dependentStarted.wait(timeout: .now() + 10) == .timedOut { met.withLock { $0 = false } }
          return ModuleOutcome(status: failsAfter ? .failed : .analyzed, seconds: 0, reason: .unchanged)
        }
        dependentStarted.signal()
        return ModuleOutcome(status: .analyzed, seconds: 0, reason: .unchanged)
      },
      finished: { _, _, _ in })
    let outcomes = scheduler.run()
    #expect(met.withLock { $0 }, "B did not start before A ended")
    #expect(outcomes["B"]?.status == .analyzed)
    #expect(outcomes["A"]?.status == (failsAfter ? .failed : .analyzed))
    #expect(outcomes["A"]!.released! <= outcomes["B"]!.started)
    #expect(outcomes["B"]!.released == nil)
  }
}
