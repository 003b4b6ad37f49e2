import Implicits

public final class Session {
  public let id: Int
  public init(_ id: Int) { self.id = id }
}

public final class Cart {
  public let id: Int
  public init(_ id: Int) { self.id = id }
}

public final class Metrics {
  public let id: Int
  public init(_ id: Int) { self.id = id }
}

public final class Logger {
  public let id: Int
  public init(_ id: Int) { self.id = id }
}

nonisolated(unsafe) public var later: [() -> Void] = []

/// Runs the closures kept for later, after the program's scopes ended.
public func drain() {
  while !later.isEmpty {
    let job = later.removeFirst()
    job()
  }
}
