import Implicits

extension ImplicitsKeys {
  static let guestModeEnabled = Key<Bool>()
  static let darkModeEnabled = Key<Bool>()
  static let appVersion = Key<String>()
}

final class SettingsStorage {
  private var values: [String: Bool] = ["guest": false, "dark": true]
  func flag(_ name: String) -> Bool { values[name] ?? false }
  func set(_ name: String, _ value: Bool) { values[name] = value }
}
