import Implicits

// Functions that take closures: their interface records which closure
// parameters run during the call and which may run later.

public final class Logger { public init() {} }

public func retrying<T>(times: Int, _ body: () throws -> T) rethrows -> T {
  try body()
}

public func measure(_ label: String, _ body: () -> Void) { body() }

public func later(_ body: @escaping () -> Void) { body() }

public func maybe(_ body: (() -> Void)?) { body?() }

public struct Queue {
  public init() {}
  public func run(_ work: () -> Void) { work() }
  public func schedule(after delay: Int, _ work: @escaping () -> Void) {}
  public func log(_ message: @escaping @autoclosure () -> String) {}
}
