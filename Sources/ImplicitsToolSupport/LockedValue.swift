import Foundation

/// A value behind a lock (Synchronization's Mutex needs macOS 15).
public final class LockedValue<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  public init(_ value: Value) {
    self.value = value
  }

  public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
