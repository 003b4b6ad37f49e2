import Foundation
import Implicits
import Testing

// Child tasks (`async let`, task groups, `Task {}`) see the values of the
// scope they started in; detached tasks see nothing; a child's own scopes do
// not affect its parent.

extension ImplicitsKeys {
  fileprivate static let childRegion = Key<String>()
}


private func greetingAfter(_ gate: Gate) async -> String {
  await gate.wait()
  return currentGreeting()
}

private func readRegion() -> String {
  @Implicit(\.childRegion) var region: String
  return region
}

/// Opens a nested scope in the child task, provides, and reports what it
/// saw before and after.
private func childShadowing(_ scope: ImplicitScope, provided: Gate, proceed: Gate) async -> [String] {
  var seen = [currentGreeting(scope)]
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var greeting = Greeting("child")
  seen.append(currentGreeting(scope))
  provided.open()
  await proceed.wait()
  seen.append(currentGreeting(scope))
  return seen
}

@Suite("Child tasks")
struct ChildTaskTests {
  // MARK: async let

  @Test("`async let` sees the values of the scope it started in")
  func asyncLetSeesParentValues() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("parent")
    @Implicit(\.childRegion) var region = "eu"

    async let greetingInChild = { () async -> String in
      await Task.yield()
      return currentGreeting()
    }()
    async let regionInChild = { () async -> String in
      await Task.yield()
      return readRegion()
    }()
    #expect(await greetingInChild == "parent")
    #expect(await regionInChild == "eu")
  }

  @Test("`async let` in a nested scope sees the nested values, and grandchildren see them too")
  func asyncLetNestedAndGrandchildren() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("outer")
    @Implicit var counter = Counter(1)

    let nested = scope.nested()
    @Implicit var inner = Greeting("inner")
    async let fromChild = { () async -> [String] in
      async let fromGrandchild = { () async -> String in
        await Task.yield()
        return "\(currentGreeting()) \(currentCounter())"
      }()
      await Task.yield()
      return ["\(currentGreeting()) \(currentCounter())", await fromGrandchild]
    }()
    #expect(await fromChild == ["inner 1", "inner 1"])
    nested.end()
    #expect(currentGreeting(scope) == "outer")
  }

  @Test("An `async let` child's own nested scope does not affect its parent")
  func asyncLetChildScopeIsIsolated() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("parent")

    let provided = Gate()
    let proceed = Gate()
    async let child = childShadowing(scope, provided: provided, proceed: proceed)
    await provided.wait()
    // The child has provided its own value and is suspended inside its scope.
    #expect(currentGreeting(scope) == "parent")
    await Task.yield()
    #expect(currentGreeting(scope) == "parent")
    proceed.open()
    #expect(await child == ["parent", "child", "child"])
    #expect(currentGreeting(scope) == "parent")
  }

  // A structured child (async let, task group) sees the values of its scope
  // provided before it started. Whether it also sees values its parent
  // provides later in that same scope is not specified (it reads the scope
  // as it is when it reads); values of scopes the parent opens later are
  // never visible to it. Provide before starting children, or in a nested
  // scope. See docs/user-guide.md, "How values flow at run time".

  @Test("A child reading while its parent opens, provides and ends nested scopes keeps seeing the outer values")
  func childReadsWhileParentChurns() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("stable")
    @Implicit var counter = Counter(0)

    async let childMismatches = { () async -> Int in
      var mismatches = 0
      for _ in 0..<2_000 {
        if currentGreeting() != "stable" || currentCounter() != 0 { mismatches += 1 }
        if Int.random(in: 0..<8) == 0 { await Task.yield() }
      }
      return mismatches
    }()
    var parentMismatches = 0
    for round in 0..<2_000 {
      let nested = scope.nested()
      @Implicit var greeting = Greeting("churn \(round)")
      @Implicit var counter = Counter(round + 1)
      if currentCounter() != round + 1 { parentMismatches += 1 }
      nested.end()
      if round.isMultiple(of: 64) { await Task.yield() }
    }
    #expect(await childMismatches == 0)
    #expect(parentMismatches == 0)
  }

  // MARK: Task groups

  @Test("Task group children see the values of the scope the group runs in")
  func taskGroupSeesParentValues() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("group parent")
    @Implicit(\.childRegion) var region = "us"

    let seen = await withTaskGroup(of: String.self) { group in
      for _ in 0..<6 {
        group.addTask {
          await Task.yield()
          return "\(currentGreeting()) \(readRegion())"
        }
      }
      var seen: [String] = []
      for await value in group { seen.append(value) }
      return seen
    }
    #expect(seen == Array(repeating: "group parent us", count: 6))
  }

  @Test("A nested scope opened in the group body before addTask is seen by the children")
  func nestedScopeInGroupBody() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("outer")
    @Implicit var counter = Counter(1)

    let seen = await withTaskGroup(of: String.self) { group in
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var greeting = Greeting("group body")
      for index in 0..<4 {
        group.addTask {
          await Task.yield()
          return "\(index): \(currentGreeting()) \(currentCounter())"
        }
      }
      var seen: [String] = []
      for await value in group { seen.append(value) }
      return seen.sorted()
    }
    #expect(seen == (0..<4).map { "\($0): group body 1" })
    #expect(currentGreeting(scope) == "outer")
  }

  @Test("Each iteration's nested scope in the group body is seen by the child added in it")
  func nestedScopePerChild() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("outer")

    let seen = await withTaskGroup(of: (Int, Int).self) { group in
      for index in 0..<8 {
        let nested = scope.nested()
        @Implicit var counter = Counter(index)
        group.addTask {
          await Task.yield()
          return (index, currentCounter())
        }
        nested.end()
      }
      var seen: [(Int, Int)] = []
      for await value in group { seen.append(value) }
      return seen
    }
    #expect(seen.count == 8)
    #expect(seen.allSatisfy { $0.0 == $0.1 }, "\(seen)")
  }

  @Test("A task group child's own scope affects neither its parent nor its siblings")
  func groupChildScopesAreIsolated() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("parent")

    let seen = await withTaskGroup(of: [String].self) { group in
      for index in 0..<4 {
        group.addTask {
          var seen: [String] = []
          let scope = scope.nested()
          defer { scope.end() }
          @Implicit var greeting = Greeting("child \(index)")
          for _ in 0..<20 {
            await Task.yield()
            seen.append(currentGreeting(scope))
          }
          return Array(Set(seen))
        }
      }
      var seen: [[String]] = []
      for await value in group { seen.append(value) }
      // The parent, meanwhile, still sees its own value.
      seen.append([currentGreeting(scope)])
      return seen
    }
    #expect(Set(seen) == Set([["child 0"], ["child 1"], ["child 2"], ["child 3"], ["parent"]]))
    #expect(currentGreeting(scope) == "parent")
  }

  // MARK: Task {}

  @Test("`Task {}` sees the values of the scope it started in")
  func unstructuredTaskSeesValues() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("task parent")
    @Implicit(\.childRegion) var region = "apac"
    let value = await Task {
      await Task.yield()
      return "\(currentGreeting()) \(readRegion())"
    }.value
    #expect(value == "task parent apac")
  }

  @Test("`Task {}` reads its scope's values after the scope ended, and keeps them alive until then")
  func unstructuredTaskAfterScopeEnded() async {
    weak var weakTracked: Tracked?
    let ended = Gate()
    let task: Task<String, Never>
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      let tracked = Tracked("kept by the task")
      weakTracked = tracked
      @Implicit var value = tracked
      @Implicit var greeting = Greeting("ended scope")
      task = Task {
        await ended.wait()
        @Implicit var tracked: Tracked
        return "\(currentGreeting()): \(tracked.name)"
      }
    }
    #expect(weakTracked != nil, "the task's inherited values must stay alive")
    // The parent goes on with other scopes and values.
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("another scope")
      @Implicit var other = Tracked("other")
    }
    ended.open()
    #expect(await task.value == "ended scope: kept by the task")
  }

  @Test("`Task {}` keeps the snapshot of the point it started at")
  func unstructuredTaskSnapshot() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("before")
    let provided = Gate()
    let task = Task { await greetingAfter(provided) }
    @Implicit var later = Greeting("after")
    provided.open()
    #expect(await task.value == "before")
  }

  @Test("Many `Task {}`s started in short-lived scopes each read their own value later")
  func manyTasksFromShortLivedScopes() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("root")

    let go = Gate()
    var tasks: [Task<(Int, Int, String), Never>] = []
    for index in 0..<100 {
      let nested = scope.nested()
      @Implicit var counter = Counter(index)
      if index.isMultiple(of: 3) {
        let inner = nested.nested()
        @Implicit var greeting = Greeting("inner \(index)")
        tasks.append(Task { await go.wait(); return (index, currentCounter(), currentGreeting()) })
        inner.end()
      } else {
        tasks.append(Task { (index, currentCounter(), currentGreeting()) })
      }
      nested.end()
    }
    // Reuse the runtime's storage for other values before the tasks read.
    for round in 0..<100 {
      let nested = scope.nested()
      @Implicit var counter = Counter(-round)
      @Implicit var greeting = Greeting("noise")
      nested.end()
    }
    go.open()
    var wrong: [String] = []
    for task in tasks {
      let (index, counter, greeting) = await task.value
      let expected = index.isMultiple(of: 3) ? "inner \(index)" : "root"
      if counter != index || greeting != expected { wrong.append("\(index): \(counter) \(greeting)") }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test("A `Task {}` child's own scope does not affect its parent")
  func unstructuredChildScopeIsIsolated() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("parent")
    let provided = Gate()
    let proceed = Gate()
    let child = Task { await childShadowing(scope, provided: provided, proceed: proceed) }
    await provided.wait()
    #expect(currentGreeting(scope) == "parent")
    proceed.open()
    #expect(await child.value == ["parent", "child", "child"])
    #expect(currentGreeting(scope) == "parent")
  }

  @Test("A `Task {}` started inside a child task's scope sees both levels")
  func taskInsideChildScope() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("root")
    let value = await Task {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var counter = Counter(4)
      return await Task { () -> String in
        await Task.yield()
        return "\(currentGreeting()) \(currentCounter())"
      }.value
    }.value
    #expect(value == "root 4")
  }

  // MARK: Task.detached

  #if DEBUG
    @Test("`Task.detached` does not inherit any value")
    func detachedSeesNothing() async {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("not inherited")
      @Implicit(\.childRegion) var region = "eu"
      #expect(!visibleKeys().isEmpty)

      let keys = await Task.detached { () -> [String] in
        await Task.yield()
        return visibleKeys()
      }.value
      #expect(keys.isEmpty)
    }

    @Test("`Task.detached` opens its own scopes without affecting the task that started it")
    func detachedOwnScope() async {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("parent")
      let seen = await Task.detached { () -> [String] in
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var counter = Counter(1)
        await Task.yield()
        return visibleKeys()
      }.value
      #expect(seen == ["ImplicitsTests.Counter"])
      #expect(!isVisible(Counter.self))
      #expect(currentGreeting(scope) == "parent")
    }
  #endif
}
