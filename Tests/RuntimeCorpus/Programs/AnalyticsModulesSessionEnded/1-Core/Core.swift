import Implicits

public final class EventQueue {
  public private(set) var events: [String] = []
  public init() {}
  public func enqueue(_ event: String) { events.append(event) }
}
