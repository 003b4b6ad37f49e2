import Foundation
import Testing

// Reaches `ImplicitScope.context` (internal) to watch a thread's context.
@testable import Implicits

// What a thread keeps for implicits is released when the thread exits.

/// A weak reference that several threads can set and read.
private final class WeakReference: @unchecked Sendable {
  private let lock = NSLock()
  private weak var object: AnyObject?
  private var wasSet = false

  func set(_ object: AnyObject) {
    lock.withLock {
      self.object = object
      wasSet = true
    }
  }

  /// Whether an object was set and has since been released.
  var isReleased: Bool { lock.withLock { wasSet && object == nil } }
}

/// Starts a thread running `body` and waits (up to five seconds) until
/// `released` holds, polling: the thread's exit is not otherwise observable.
private func runThreadAndWait(
  _ body: @escaping @Sendable () -> Void, until released: @escaping @Sendable () -> Bool
) async throws -> Bool {
  Thread(block: body).start()
  for _ in 0..<500 {
    if released() { return true }
    try await Task.sleep(for: .milliseconds(10))
  }
  return released()
}

@Suite("Thread lifetime")
struct ThreadLifetimeTests {
  @Test("A thread's context is released when the thread exits")
  func contextReleasedAtThreadExit() async throws {
    let context = WeakReference()
    let released = try await runThreadAndWait({
      do {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var greeting = Greeting("on a thread that exits")
        context.set(scope.context)
      }
    }, until: { context.isReleased })
    #expect(released, "the context of an exited thread is still alive")
  }

  @Test("A thread that exits with a scope still open releases the scope's values")
  func valuesReleasedWhenThreadExitsWithOpenScope() async throws {
    let value = WeakReference()
    let released = try await runThreadAndWait({
      let tracked = Tracked("left in an open scope")
      value.set(tracked)
      // Misuse: the scope is never ended.
      let scope = ImplicitScope()
      @Implicit var kept = tracked
      _ = scope
    }, until: { value.isReleased })
    #expect(released, "a value provided on an exited thread is still alive")
  }
}
