import Foundation
import Implicits

// Programs that misuse implicits, run by `FailureTests` in exit tests. Each
// records the line at which it must be stopped; keep each constant right
// above its function.

struct NeverProvided: Sendable {}

extension ImplicitsKeys {
  static let neverProvidedURL = Key<URL>()
  /// Keys that make a new `Key` object at every use: the analyzer refuses
  /// them; the runtime must still never confuse one with another.
  static var freshCount: Key<Int> { Key<Int>() }
  static var freshName: Key<String> { Key<String>() }
}

final class NeedsUnprovided {
  static let readLine: UInt = #line + 1
  @Implicit var value: NeverProvided
  init(_ scope: ImplicitScope) {}
}

enum FailureScenario {
  static let missingTypeLine: UInt = #line + 4
  static func readMissingTypeKey() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var value: NeverProvided
    _ = value
  }

  static let missingNamedLine: UInt = #line + 4
  static func readMissingNamedKey() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.neverProvidedURL) var url: URL
    _ = url
  }

  static let missingOutsideScopeLine: UInt = #line + 2
  static func readOutsideAnyScope() {
    @Implicit var value: NeverProvided
    _ = value
  }

  static func readMissingStoredProperty() {
    let scope = ImplicitScope()
    defer { scope.end() }
    _ = NeedsUnprovided(scope)
  }

  static let missingMapSourceLine: UInt = #line + 4
  static func mapMissingSource() {
    let scope = ImplicitScope()
    defer { scope.end() }
    Implicit.map(NeverProvided.self, to: Greeting.self) { _ in Greeting("unreachable") }
  }

  static let missingBagKeyLine: UInt = #line + 4
  static func captureMissingKey() {
    let scope = ImplicitScope()
    defer { scope.end() }
    _ = Implicits(capturing: .type(Greeting.self), .named(\.neverProvidedURL))
  }

  static let missingAfterEndLine: UInt = #line + 7
  static func readAfterNestedEnded() {
    let scope = ImplicitScope()
    defer { scope.end() }
    let nested = scope.nested()
    @Implicit var value = NeverProvided()
    nested.end()
    @Implicit var read: NeverProvided
    _ = read
  }

  /// A value provided under one new key object, then a read of another
  /// key object of another type: a key object that died could free its
  /// address for the next one, which then read the first one's `Int` as a
  /// `String`. Repeated, so that the allocator has every chance to reuse.
  static let computedKeysLine: UInt = #line + 6
  static func readAnotherComputedKey() {
    let scope = ImplicitScope()
    defer { scope.end() }
    for round in 0..<1_000 {
      @Implicit(\.freshCount) var count = round
      @Implicit(ImplicitsKeys.freshName) var name: String
      _ = name.count
    }
  }

  /// The same key path twice: two key objects, so two keys.
  static let sameComputedKeyLine: UInt = #line + 5
  static func readSameComputedKeyPath() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.freshCount) var count = 1
    @Implicit(\.freshCount) var read: Int
    _ = read
  }

  static let endRootTwiceLine: UInt = #line + 4
  static func endRootTwice() {
    let scope = ImplicitScope()
    scope.end()
    scope.end()
  }

  static let endNestedTwiceLine: UInt = #line + 6
  static func endNestedTwice() {
    let scope = ImplicitScope()
    defer { scope.end() }
    let nested = scope.nested()
    nested.end()
    nested.end()
  }

  static let endTwiceAfterSiblingLine: UInt = #line + 8
  static func endTwiceAfterSiblingOpened() {
    let scope = ImplicitScope()
    defer { scope.end() }
    let first = scope.nested()
    first.end()
    let second = scope.nested()
    defer { second.end() }
    first.end()
  }

  static let endRootTwiceAfterReopenLine: UInt = #line + 6
  static func endRootTwiceAfterReopen() {
    let first = ImplicitScope()
    first.end()
    let second = ImplicitScope()
    defer { second.end() }
    first.end()
  }

  static let endOutOfOrderLine: UInt = #line + 4
  static func endOutOfOrder() {
    let scope = ImplicitScope()
    let nested = scope.nested()
    scope.end()
    nested.end()
  }

  static let provideWithoutScopeLine: UInt = #line + 2
  static func provideWithoutScope() {
    @Implicit var value = NeverProvided()
  }

  static let provideAfterEndLine: UInt = #line + 4
  static func provideAfterEnd() {
    let scope = ImplicitScope()
    scope.end()
    @Implicit var value = NeverProvided()
  }

  static let provideNamedWithoutScopeLine: UInt = #line + 2
  static func provideNamedWithoutScope() {
    @Implicit(\.neverProvidedURL) var url = URL(string: "https://example.com")!
  }

  /// Runs `body` on a new thread and waits for it (the process stops there).
  static func onThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
      body()
      done.signal()
    }.start()
    done.wait()
  }

  static let endOnAnotherThreadLine: UInt = #line + 8
  static func endOnAnotherThread() {
    let opened = Locked<ImplicitScope?>(nil)
    onThread {
      let scope = ImplicitScope()
      opened.withLock { $0 = scope }
    }
    onThread {
      opened.current?.end()
    }
  }

  static let endInAnotherTaskLine: UInt = #line + 5
  static func endInAnotherTask() async {
    let scope = ImplicitScope()
    @Implicit var value = NeverProvided()
    await Task.detached {
      scope.end()
    }.value
  }
}
