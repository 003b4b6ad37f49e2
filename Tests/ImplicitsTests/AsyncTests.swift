import Dispatch
import Foundation
import Implicits
import Testing

// Values provided before an `await` are readable after it, whatever thread
// resumes the task.

extension ImplicitsKeys {
  fileprivate static let asyncRequestID = Key<Int>()
}

/// Runs every job on one dispatch queue (so never on the cooperative pool).
private final class QueueExecutor: SerialExecutor {
  static let key = DispatchSpecificKey<String>()
  let label: String
  let queue: DispatchQueue

  init(label: String) {
    self.label = label
    queue = DispatchQueue(label: label)
    queue.setSpecific(key: Self.key, value: label)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  static var currentLabel: String? { DispatchQueue.getSpecific(key: key) }
}

/// An actor whose methods run on a dedicated dispatch queue.
private actor QueueActor {
  let executor = QueueExecutor(label: "implicits.tests.queue-actor")
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Where the method runs, and the greeting it reads there.
  func readGreeting() -> (queue: String?, greeting: String) {
    (QueueExecutor.currentLabel, currentGreeting())
  }

  /// Opens its own nested scope on the actor, awaits, and reads.
  func shadowGreeting(_ scope: ImplicitScope, hops: Int) async -> [String] {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var greeting = Greeting("actor's")
    var seen: [String] = []
    for _ in 0..<hops {
      await Task.yield()
      seen.append(currentGreeting(scope))
    }
    return seen
  }
}

/// An actor on the default executor.
private actor Ledger {
  private var entries = 0
  func add() -> Int {
    entries += 1
    return entries
  }
}

@Suite("Async code")
struct AsyncTests {
  @Test("Values survive hundreds of Task.yield()")
  func survivesYields() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("yield")
    @Implicit(\.asyncRequestID) var requestID = 42

    var mismatches = 0
    for _ in 0..<500 {
      await Task.yield()
      @Implicit(\.asyncRequestID) var id: Int
      if currentGreeting(scope) != "yield" || id != 42 { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  @Test("Values survive Task.sleep")
  func survivesSleep() async throws {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("sleep")
    for _ in 0..<5 {
      try await Task.sleep(for: .milliseconds(2))
      #expect(currentGreeting(scope) == "sleep")
    }
  }

  @Test("Values survive calls into an actor on the default executor")
  func survivesActorHops() async {
    let ledger = Ledger()
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var counter = Counter(5)

    var mismatches = 0
    for _ in 0..<300 {
      _ = await ledger.add()
      if currentCounter() != 5 { mismatches += 1 }
    }
    #expect(mismatches == 0)
    #expect(await ledger.add() == 301)
  }

  @Test("Values are readable inside an actor method that runs on another executor, and after it")
  func survivesCustomExecutorHop() async {
    let actor = QueueActor()
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("caller's")

    #expect(QueueExecutor.currentLabel == nil)
    for _ in 0..<50 {
      let (queue, read) = await actor.readGreeting()
      #expect(queue == "implicits.tests.queue-actor", "the method did not run on the actor's queue")
      #expect(read == "caller's")
      #expect(currentGreeting(scope) == "caller's")
    }
  }

  @Test("A nested scope opened on another executor ends there; the caller's values are restored")
  func nestedScopeOnAnotherExecutor() async {
    let actor = QueueActor()
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("caller's")

    let seen = await actor.shadowGreeting(scope, hops: 20)
    #expect(seen == Array(repeating: "actor's", count: 20))
    #expect(currentGreeting(scope) == "caller's")
    await Task.yield()
    #expect(currentGreeting(scope) == "caller's")
  }

  @Test("A scope opened before an await is ended after it")
  func endAfterAwait() async {
    let actor = QueueActor()
    let outer = ImplicitScope()
    defer { outer.end() }
    @Implicit var greeting = Greeting("outer")

    let nested = outer.nested()
    @Implicit var inner = Greeting("inner")
    _ = await actor.readGreeting()
    await Task.yield()
    #expect(currentGreeting(nested) == "inner")
    nested.end()
    #expect(currentGreeting(outer) == "outer")
  }

  @Test("Values provided after an await are visible after the next await")
  func provideBetweenAwaits() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    await Task.yield()
    @Implicit var greeting = Greeting("provided after an await")
    _ = await Ledger().add()
    #expect(currentGreeting(scope) == "provided after an await")
    let nested = scope.nested()
    await Task.yield()
    @Implicit var counter = Counter(9)
    await Task.yield()
    #expect(currentCounter() == 9)
    nested.end()
  }

  @Test("Many independent tasks interleaving on the same threads each see only their own values")
  func independentTasksInterleave() async {
    let taskCount = 16
    let tasks = (0..<taskCount).map { index in
      Task.detached { () -> Int in
        let actor = QueueActor()
        var mismatches = 0
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var counter = Counter(index)
        @Implicit(\.asyncRequestID) var id = index * 10
        for round in 0..<100 {
          let nested = scope.nested()
          @Implicit var greeting = Greeting("\(index)/\(round)")
          if round.isMultiple(of: 10) {
            let (_, read) = await actor.readGreeting()
            if read != "\(index)/\(round)" { mismatches += 1 }
          } else {
            await Task.yield()
          }
          @Implicit(\.asyncRequestID) var readID: Int
          if currentCounter() != index || readID != index * 10 || currentGreeting() != "\(index)/\(round)" {
            mismatches += 1
          }
          nested.end()
          await Task.yield()
          if currentCounter() != index { mismatches += 1 }
        }
        return mismatches
      }
    }
    var total = 0
    for task in tasks { total += await task.value }
    #expect(total == 0)
  }

  // A thread remembers the context of the task it found last; contexts are
  // detached when a task's last scope ends and attached again to whichever
  // task opens a scope next on that thread.
  @Test("Tasks that open and end root scopes over and over, on shared threads, each read only their own values")
  func contextsMoveBetweenTasks() async {
    let tasks = (0..<12).map { index in
      Task.detached { () -> Int in
        var mismatches = 0
        for round in 0..<200 {
          let scope = ImplicitScope()
          @Implicit var counter = Counter(index * 1_000 + round)
          if currentCounter() != index * 1_000 + round { mismatches += 1 }
          await Task.yield()
          let nested = scope.nested()
          @Implicit var greeting = Greeting("\(index)")
          await Task.yield()
          if currentCounter() != index * 1_000 + round || currentGreeting() != "\(index)" { mismatches += 1 }
          nested.end()
          scope.end()
          // Straight away, on the same thread: the context just detached
          // is this thread's spare and the one it remembers.
          let again = ImplicitScope()
          @Implicit var greetingAgain = Greeting("again \(index)")
          if currentGreeting() != "again \(index)" { mismatches += 1 }
          again.end()
          await Task.yield()
        }
        return mismatches
      }
    }
    var total = 0
    for task in tasks { total += await task.value }
    #expect(total == 0)
  }

  #if DEBUG
    @Test("A task sees nothing after its last scope ended, even after awaits")
    func nothingAfterLastScope() async {
      do {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var greeting = Greeting("gone")
        await Task.yield()
      }
      await Task.yield()
      #expect(visibleKeys().isEmpty)
    }
  #endif
}
