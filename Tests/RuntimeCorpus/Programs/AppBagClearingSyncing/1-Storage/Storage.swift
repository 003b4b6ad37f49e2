public protocol Clearing: AnyObject {
  func clear()
}

public protocol Syncing: AnyObject {
  func sync() -> Int
}

public final class HistoryStore: Clearing, Syncing {
  public private(set) var entries: [String]
  public init(entries: [String]) { self.entries = entries }
  public func clear() { entries = [] }
  public func sync() -> Int { entries.count }
  public func add(_ entry: String) { entries.append(entry) }
}

public final class Telemetry {
  public private(set) var events: [String] = []
  public init() {}
  public func send(_ event: String) { events.append(event) }
}
