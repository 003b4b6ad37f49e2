struct Request {
  let method: String
  let path: String
  let headers: [String: String]
}

struct Response {
  let status: Int
  let body: String
}

final class Database {
  private var users = ["1": "alice", "2": "bob"]
  func user(_ id: String) -> String? { users[id] }
  func insert(_ id: String, _ name: String) { users[id] = name }
}

final class AccessLog {
  private(set) var entries: [String] = []
  func record(_ entry: String) { entries.append(entry) }
}

final class RateLimiter {
  private var counts: [String: Int] = [:]
  let limit: Int
  init(limit: Int) { self.limit = limit }
  func allow(_ client: String) -> Bool {
    counts[client, default: 0] += 1
    return counts[client]! <= limit
  }
}
