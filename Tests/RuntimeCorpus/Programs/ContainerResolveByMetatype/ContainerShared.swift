import Implicits

protocol Network: AnyObject {
  func get(_ path: String) -> String
}

final class URLSessionNetwork: Network {
  func get(_ path: String) -> String { "200 \(path)" }
}

final class KeyValueStore {
  var values: [String: String] = [:]
}
