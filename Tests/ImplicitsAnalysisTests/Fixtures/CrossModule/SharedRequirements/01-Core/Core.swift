import Implicits

public final class Clock {
  public init() {}
}
public final class Store {
  public init() {}
}
public final class Log {
  public init() {}
}

extension ImplicitsKeys {
  public static let region = Key<String>()
}

// Three requirement lists that share keys: the analysis of a caller holds
// each key once, however many lists name it.
public func first(_ scope: ImplicitScope) {
  @Implicit var clock: Clock
  @Implicit var store: Store
}

public func second(_ scope: ImplicitScope) {
  @Implicit var store: Store
  @Implicit(\.region) var region: String
}

public func third(_ scope: ImplicitScope) {
  first(scope)
  second(scope)
  @Implicit var log: Log
}
