import Implicits

/// Keeps what the app did, in order.
public final class Journal {
  public private(set) var entries: [String] = []

  public init() {}

  public func write(_ entry: String) {
    entries.append(entry)
  }
}

/// Records events by name.
public final class Analytics {
  public private(set) var events: [String] = []

  public init() {}

  public func track(_ event: String) {
    events.append(event)
  }
}

/// Writes an entry to the implicit journal.
public func note(_ entry: String, _: ImplicitScope) {
  @Implicit var journal: Journal
  journal.write(entry)
}
