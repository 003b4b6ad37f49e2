import Implicits

public final class Clock {
  public init() {}
}

public func tick(_ scope: ImplicitScope) {
  @Implicit var clock: Clock
}
