public struct RetryError: Error { public init() {} }

/// Runs `body` until it succeeds, at most `times` times, during the call.
public func retrying<T>(times: Int, _ body: () throws -> T) rethrows -> T {
  var attempt = 1
  while true {
    do { return try body() } catch {
      if attempt >= times { throw error }
      attempt += 1
    }
  }
}

public final class DebugLog {
  private var pending: [() -> String] = []
  public init() {}
  /// Keeps the message and formats it when flushed.
  public func debug(_ message: @escaping @autoclosure () -> String) { pending.append(message) }
  public func flush() {
    for message in pending { print("debug:", message()) }
    pending.removeAll()
  }
}
