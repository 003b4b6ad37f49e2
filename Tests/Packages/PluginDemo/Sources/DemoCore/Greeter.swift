import Implicits

public final class Clock {
  public let now: String
  public init(now: String) { self.now = now }
}

public final class Audit {
  public private(set) var entries: [String] = []
  public init() {}
  public func record(_ entry: String) { entries.append(entry) }
}

/// Something the bags must not keep alive.
public final class Heavy {
  nonisolated(unsafe) public static var alive = 0
  public init() { Heavy.alive += 1 }
  deinit { Heavy.alive -= 1 }
}

public enum Greeter {
  public static func greet(_ name: String, _ scope: ImplicitScope) -> String {
    @Implicit var clock: Clock
    @Implicit var audit: Audit
    audit.record("greeted \(name)")
    return "Hello, \(name), it is \(clock.now)"
  }

  /// A greeting made later, with the implicits captured now: the bag holds
  /// exactly Clock and Audit.
  public static func deferredGreeting(_ name: String, _ scope: ImplicitScope) -> () -> String {
    { [implicits = #implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      return greet(name, scope)
    }
  }
}

/// Keeps a bag in a stored property.
public final class Reception {
  private let implicits = #implicits

  public init(_ scope: ImplicitScope) {}

  public func welcome(_ name: String) -> String {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return Greeter.greet(name, scope)
  }
}
