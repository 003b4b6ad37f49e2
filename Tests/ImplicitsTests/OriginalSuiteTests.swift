import Dispatch
import Foundation
import Implicits
import Testing

// The behaviours the original library's runtime tests check, written for
// this API: its `KeySpecifier` keys are named keys here, its
// `Implicits(unsafeKeys:)` is `Implicits(capturing:)`. Code that teams
// migrate from the original keeps working when these pass.

extension ImplicitsKeys {
  static let ported = Key<Int>()
  static let portedLaunch = Key<Int>()
  static let portedDevice = Key<@Sendable () -> Int>()
}

private func value<T>(_ key: ImplicitKeyPath<T>, _: ImplicitScope) -> T {
  @Implicit(key) var value: T
  return value
}

private func value<T>(of _: T.Type, _: ImplicitScope) -> T {
  @Implicit(T.self) var value
  return value
}

private struct ThreeIDs {
  @Implicit(\.ported) var id
  @Implicit(\.portedLaunch) var launch
  @Implicit(\.portedDevice) var device

  init(_: ImplicitScope) {}
}

private actor Probe {
  func read(_ scope: ImplicitScope) async -> Int {
    await readAsync(scope)
  }

  func rootScope(_ given: Int) async -> Int {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var id = given
    return await read(scope)
  }
}

private func readAsync(_ scope: ImplicitScope) async -> Int {
  value(\.ported, scope)
}

@MainActor
private func onMainActor(_ given: Int) async -> Int {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(\.ported) var id = given
  shadowInNested(scope)
  @Implicit(\.ported) var read: Int
  return read
}

private func shadowInNested(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit(\.ported) var id = -1
  @Implicit(\.ported) var read: Int
  #expect(read == -1)
}

@Suite("The original library's behaviours")
struct OriginalSuiteTests {
  @Test func provideThenReadInPlace() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var provided = 1
    @Implicit(\.ported) var read: Int
    #expect(read == 1)
  }

  @Test func readInACalledFunction() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var provided = 2
    #expect(value(\.ported, scope) == 2)
  }

  @Test func storedPropertyOfALocalStruct() {
    struct HoldsID {
      @Implicit(\.ported) var id
      init(_: ImplicitScope) {}
    }
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var provided = 3
    #expect(HoldsID(scope).id == 3)
  }

  @Test func severalStoredProperties() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var id = 3
    @Implicit(\.portedLaunch) var launch = 4
    @Implicit(\.portedDevice) var device: @Sendable () -> Int = { 5 }
    let ids = ThreeIDs(scope)
    #expect(ids.id == 3)
    #expect(ids.launch == 4)
    #expect(ids.device() == 5)
  }

  @Test func nestedScopesShadowAndRestore() {
    func provideAndCheck(_ id: Int, _ scope: ImplicitScope) {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit(\.ported) var provided = id
      #expect(value(\.ported, scope) == id)
    }
    let scope = ImplicitScope()
    defer { scope.end() }
    provideAndCheck(1, scope)
    @Implicit(\.ported) var provided = 2
    provideAndCheck(3, scope)
    #expect(value(\.ported, scope) == 2)
    provideAndCheck(4, scope)
  }

  /// Two threads interleave their scopes step by step; each reads its own.
  @Test(arguments: [false, true])
  func threadsAreIndependent(severalKeys: Bool) {
    let steps = (0..<4).map { _ in (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)) }
    let finished = DispatchSemaphore(value: 0)
    func run(_ thread: Int, _ base: Int) -> Thread {
      Thread {
        let scope = ImplicitScope()
        defer { scope.end() }
        func handOff(_ step: Int) {
          let (mine, theirs) = thread == 0 ? steps[step] : (steps[step].1, steps[step].0)
          mine.signal()
          theirs.wait()
        }
        handOff(0)
        @Implicit(\.ported) var id = base
        @Implicit(\.portedLaunch) var launch = base + 1
        @Implicit(\.portedDevice) var device: @Sendable () -> Int = { base + 2 }
        handOff(1)
        let ids = severalKeys ? ThreeIDs(scope) : nil
        let single = value(\.ported, scope)
        handOff(2)
        #expect(single == base)
        if let ids {
          #expect(ids.id == base)
          #expect(ids.launch == base + 1)
          #expect(ids.device() == base + 2)
        }
        finished.signal()
      }
    }
    run(0, 10).start()
    run(1, 20).start()
    finished.wait()
    finished.wait()
  }

  @Test func aBagKeepsTheValuesOfItsCapture() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var id = 1
    @Implicit(\.portedLaunch) var launch = 2
    @Implicit(\.portedDevice) var device: @Sendable () -> Int = { 3 }

    func withOtherIDs<T>(_ body: () -> T, _ scope: ImplicitScope) -> T {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit(\.ported) var id = 4
      @Implicit(\.portedLaunch) var launch = 5
      @Implicit(\.portedDevice) var device: @Sendable () -> Int = { 6 }
      return body()
    }

    let factory = { [implicits = Implicits(capturing: .named(\.ported), .named(\.portedLaunch), .named(\.portedDevice))] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      return ThreeIDs(scope)
    }
    for ids in [factory(), withOtherIDs(factory, scope)] {
      #expect(ids.id == 1)
      #expect(ids.launch == 2)
      #expect(ids.device() == 3)
    }
  }

  @Test func typeKeysTakeTheLatestValue() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var first = "1"
    @Implicit() var read: String
    #expect(read == "1")
    @Implicit var second = "2"
    @Implicit() var again: String
    #expect(again == "2")
    let factory = { [implicits = Implicits(capturing: .type(String.self))] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      @Implicit() var text: String
      return text
    }
    #expect(factory() == "2")
  }

  @Test func explicitTypeKeysAndTheValueProperty() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(Int.self) var number = 7
    @Implicit(Int.self) var read
    #expect(read == 7)
    #expect(_read.value == 7)
    #expect(value(of: Int.self, scope) == 7)
  }

  @Test func mapNamedToNamed() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var id = 1
    Implicit.map(\.ported, to: \.portedLaunch) { $0 }
    Implicit.map(\.ported, to: \.portedDevice) { id in { id } }
    #expect(value(\.portedLaunch, scope) == 1)
    #expect(value(\.portedDevice, scope)() == 1)
  }

  @Test func mapNamedToType() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var id = 1
    Implicit.map(\.ported, to: Int.self) { $0 }
    #expect(value(of: Int.self, scope) == 1)
  }

  @Test func mapTypeToNamed() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(Int.self) var number = 1
    Implicit.map(Int.self, to: \.ported) { $0 }
    #expect(value(\.ported, scope) == 1)
  }

  @Test func mapTypeToType() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(Int.self) var number = 1
    Implicit.map(Int.self, to: String.self, String.init)
    #expect(value(of: String.self, scope) == "1")
  }

  @Test func withScopeOpensARootAndRestores() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var outer = 42
    withScope { scope in
      @Implicit(\.ported) var inner = 200
      #expect(value(\.ported, scope) == 200)
      do {
        let scope = scope.nested()
        defer { scope.end() }
        @Implicit(\.ported) var innermost = 300
        #expect(value(\.ported, scope) == 300)
      }
      #expect(value(\.ported, scope) == 200)
    }
    #expect(value(\.ported, scope) == 42)
  }

  @Test func withScopeRestoresWhenItThrows() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var outer = 42
    #expect(throws: CocoaError.self) {
      try withScope { _ in
        @Implicit(\.ported) var inner = 300
        throw CocoaError(.featureUnsupported)
      }
    }
    #expect(value(\.ported, scope) == 42)
  }

  @Test func withScopeNestingSeesTheOuterValues() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var id = 42
    @Implicit(\.portedLaunch) var launch = 999
    withScope(nesting: scope) { scope in
      #expect(value(\.ported, scope) == 42)
      #expect(value(\.portedLaunch, scope) == 999)
      @Implicit(\.ported) var overridden = 100
      #expect(value(\.ported, scope) == 100)
      #expect(value(\.portedLaunch, scope) == 999)
    }
    #expect(value(\.ported, scope) == 42)
    #expect(throws: CocoaError.self) {
      try withScope(nesting: scope) { scope in
        @Implicit(\.ported) var inner = 300
        #expect(value(\.ported, scope) == 300)
        throw CocoaError(.featureUnsupported)
      }
    }
    #expect(value(\.ported, scope) == 42)
  }

  @Test func withScopeNestingAsync() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var id = 1
    let read = await withScope(nesting: scope) { scope in
      @Implicit(\.portedLaunch) var launch = 2
      await Task.yield()
      return value(\.ported, scope) + value(\.portedLaunch, scope)
    }
    #expect(read == 3)
    #expect(value(\.ported, scope) == 1)
  }

  @Test func rootWithNilIsARootScope() {
    let scope = ImplicitScope(with: nil)
    defer { scope.end() }
    @Implicit(\.ported) var id = 5
    #expect(value(\.ported, scope) == 5)
  }

  @Test func readingInsideAnActorMethod() async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.ported) var id = 1
    #expect(await Probe().read(scope) == 1)
  }

  @Test func rootScopeInsideAnActor() async {
    #expect(await Probe().rootScope(42) == 42)
  }

  @Test func rootScopeOnTheMainActor() async {
    #expect(await onMainActor(81) == 81)
  }
}
