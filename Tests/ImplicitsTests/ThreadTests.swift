import Foundation
import Implicits
import Testing

// Each thread has its own context.

extension ImplicitsKeys {
  fileprivate static let threadName = Key<String>()
}

private struct ThreadValue: Sendable, Equatable {
  var thread: Int
  var round: Int
}

@Suite("Threads")
struct ThreadTests {
  @Test("Scopes work on a thread that runs no task")
  func scopesOnAThread() async {
    let seen = await onNewThread { () -> [String] in
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("outer")
      var seen = [currentGreeting(scope)]
      do {
        let scope = scope.nested()
        defer { scope.end() }
        @Implicit var greeting = Greeting("inner")
        seen.append(currentGreeting(scope))
      }
      seen.append(currentGreeting(scope))
      return seen
    }
    #expect(seen == ["outer", "inner", "outer"])
  }

  @Test("The shopping example on a thread")
  func shoppingOnAThread() async {
    let balance = await onNewThread { () -> Double in
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var wallet = Wallet(balance: 500)
      @Implicit var card = DiscountCard(discount: 0.1)
      goShopping(scope)
      return wallet.balance
    }
    #expect(balance == 270.5)
  }

  #if DEBUG
    @Test("A thread started inside a scope does not see the scope's values")
    func threadDoesNotInherit() async {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("task only")
      let keys = await onNewThread { visibleKeys() }
      #expect(keys.isEmpty)
      #expect(currentGreeting(scope) == "task only")
    }

    @Test("Values provided on a thread are not visible to the task that started it")
    func threadValuesStayOnTheThread() async {
      let started = Gate()
      let finish = Gate()
      let checked = Locked<[String]>([])
      let thread = Task {
        await onNewThread {
          let scope = ImplicitScope()
          defer { scope.end() }
          @Implicit var counter = Counter(1)
          started.open()
          // Keep the scope open until the task has looked.
          let semaphore = DispatchSemaphore(value: 0)
          Task.detached {
            await finish.wait()
            semaphore.signal()
          }
          semaphore.wait()
          checked.withLock { $0.append("thread still sees \(currentCounter())") }
        }
      }
      await started.wait()
      #expect(!isVisible(Counter.self))
      finish.open()
      await thread.value
      #expect(checked.current == ["thread still sees 1"])
    }

    @Test("After all its scopes ended, a thread sees nothing")
    func threadEmptyAfterScopes() async {
      let keys = await onNewThread { () -> [[String]] in
        var keys: [[String]] = []
        do {
          let scope = ImplicitScope()
          defer { scope.end() }
          @Implicit var greeting = Greeting("x")
          keys.append(visibleKeys())
        }
        keys.append(visibleKeys())
        return keys
      }
      #expect(keys == [["ImplicitsTests.Greeting"], []])
    }
  #endif

  @Test("Several threads reading and providing at once each see only their own values")
  func concurrentThreads() async {
    let threadCount = 8
    let rounds = 2_000
    let failures = Locked<[String]>([])
    let ready = DispatchGroup()
    let go = DispatchSemaphore(value: 0)
    let done = DispatchGroup()

    for thread in 0..<threadCount {
      ready.enter()
      done.enter()
      Thread {
        ready.leave()
        go.wait()
        let scope = ImplicitScope()
        @Implicit(\.threadName) var name = "thread \(thread)"
        @Implicit var greeting = Greeting("greeting of \(thread)")
        for round in 0..<rounds {
          let nested = scope.nested()
          @Implicit var value = ThreadValue(thread: thread, round: round)
          if round.isMultiple(of: 3) {
            let inner = nested.nested()
            @Implicit var greeting = Greeting("inner \(thread) \(round)")
            if currentGreeting(inner) != "inner \(thread) \(round)" {
              failures.withLock { $0.append("thread \(thread) round \(round): inner greeting") }
            }
            inner.end()
          }
          @Implicit var readValue: ThreadValue
          @Implicit(\.threadName) var readName: String
          if readValue != ThreadValue(thread: thread, round: round) {
            failures.withLock { $0.append("thread \(thread) round \(round): read \(readValue)") }
          }
          if readName != "thread \(thread)" || currentGreeting(nested) != "greeting of \(thread)" {
            failures.withLock { $0.append("thread \(thread) round \(round): read \(readName)") }
          }
          nested.end()
        }
        scope.end()
        done.leave()
      }.start()
    }

    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        ready.wait()
        for _ in 0..<threadCount { go.signal() }
        done.wait()
        continuation.resume()
      }
    }
    #expect(failures.current.isEmpty, "\(failures.current.prefix(5))")
  }

  @Test("Threads and tasks providing the same key at once do not see each other's values")
  func threadsAndTasksTogether() async {
    let failures = Locked<Int>(0)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<4 {
        // Tasks.
        group.addTask {
          let scope = ImplicitScope()
          defer { scope.end() }
          @Implicit var counter = Counter(index)
          for _ in 0..<300 {
            await Task.yield()
            if currentCounter() != index { failures.withLock { $0 += 1 } }
          }
        }
        // Threads.
        group.addTask {
          await onNewThread {
            let scope = ImplicitScope()
            defer { scope.end() }
            @Implicit var counter = Counter(1_000 + index)
            for _ in 0..<3_000 {
              if currentCounter() != 1_000 + index { failures.withLock { $0 += 1 } }
            }
          }
        }
      }
    }
    #expect(failures.current == 0)
  }

  /// Code on a thread that runs no task keeps its values in the thread, not
  /// in task-local storage, so a `Task {}` it starts inherits nothing; a bag
  /// carries values into it (documented in the user guide).
  @Test("A Task started on a plain thread inside a scope does not inherit; a bag carries the values")
  func taskStartedOnThreadNeedsABag() async {
    let bagged = await onNewThread { () -> String in
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("from the thread's scope")
      let implicits = Implicits(capturing: .type(Greeting.self))
      let semaphore = DispatchSemaphore(value: 0)
      let result = Locked<String>("")
      Task {
        let scope = ImplicitScope(with: implicits)
        defer { scope.end() }
        result.withLock { $0 = currentGreeting(scope) }
        semaphore.signal()
      }
      semaphore.wait()
      return result.current
    }
    #expect(bagged == "from the thread's scope")
  }

  @Test("A Task started on a plain thread sees nothing of the thread's scope")
  func taskStartedOnThreadDoesNotInherit() async {
    let value = await onNewThread { () -> String in
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("from the thread's scope")
      let semaphore = DispatchSemaphore(value: 0)
      let result = Locked<String>("")
      Task {
        #if DEBUG
          // Read only when visible, so that a missing value fails the
          // expectation below instead of stopping the test process.
          let text = isVisible(Greeting.self) ? currentGreeting() : "not visible"
        #else
          let text = currentGreeting()
        #endif
        result.withLock { $0 = text }
        semaphore.signal()
      }
      semaphore.wait()
      return result.current
    }
    #expect(value == "not visible")
  }
}
