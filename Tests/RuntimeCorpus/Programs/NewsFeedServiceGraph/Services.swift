final class NetworkService {
  private(set) var requests: [String] = []
  func get(_ path: String) -> [String] {
    requests.append(path)
    return (1...3).map { "\(path)#\($0)" }
  }
}

final class DatabaseService {
  private var rows: [String: [String]] = [:]
  func save(_ items: [String], table: String) { rows[table, default: []] += items }
  func count(_ table: String) -> Int { rows[table]?.count ?? 0 }
}

final class Logger {
  let prefix: String
  private(set) var lines: [String] = []
  init(prefix: String) { self.prefix = prefix }
  func info(_ message: String) { lines.append("[\(prefix)] \(message)") }
}

final class Analytics {
  private(set) var events: [String] = []
  func track(_ event: String) { events.append(event) }
}
