import Implicits

public class Cart {
  public let id: Int
  public init(_ id: Int) { self.id = id }
}

public final class Logger {
  public let id: Int
  public init(_ id: Int) { self.id = id }
}

public final class FileCart: Cart {}

nonisolated(unsafe) public var later: [() -> Void] = []

/// Runs the closures kept for later, after the program's scopes ended.
public func drain() {
  while !later.isEmpty {
    let job = later.removeFirst()
    job()
  }
}

public func enqueueCore(_ body: @escaping (Int) -> Void) { later.append { body(2) } }

public protocol Job1003 {
  @RequiresImplicits(.type(Cart.self), .type(FileCart.self))
  func run1003(_ x: Int, _ scope: ImplicitScope)
}

public struct Job1003A: Job1003 {
  public init() {}
  public func run1003(_ x: Int, _ scope: ImplicitScope) {
    @Implicit var v1011: FileCart
  }
}
