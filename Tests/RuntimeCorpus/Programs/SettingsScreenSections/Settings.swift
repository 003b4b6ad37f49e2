import Implicits

protocol SettingsSection {
  var title: String { get }
  var rows: [String] { get }
}

struct AppearanceSection: SettingsSection {
  let title = "Appearance"
  let rows: [String]

  init(_ scope: ImplicitScope) {
    @Implicit(\.darkModeEnabled) var dark: Bool
    rows = ["Dark mode: \(dark ? "on" : "off")"]
  }
}

struct AccountSection: SettingsSection {
  let title = "Account"
  let rows: [String]

  init(_ scope: ImplicitScope) {
    @Implicit(\.guestModeEnabled) var guest
    @Implicit var storage: SettingsStorage
    rows = guest ? ["Sign in"] : ["Signed in", "Sync: \(storage.flag("sync"))"]
  }
}

struct AboutSection: SettingsSection {
  let title = "About"
  let rows: [String]

  init(_ scope: ImplicitScope) {
    @Implicit(\.appVersion) var version: String
    rows = ["Version \(version)"]
  }
}

final class SettingsScreen {
  private let implicits = #implicits
  @Implicit var storage: SettingsStorage

  init(_ scope: ImplicitScope) {}

  // Sections are built when the user opens the screen, long after init.
  func makeSections() -> [any SettingsSection] {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit(\.guestModeEnabled) var guest = storage.flag("guest")
    @Implicit(\.darkModeEnabled) var dark = storage.flag("dark")
    return [AppearanceSection(scope), AccountSection(scope), AboutSection(scope)]
  }
}

func buildSettings() -> SettingsScreen {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var storage = SettingsStorage()
  @Implicit(\.appVersion) var version = "4.2.0"
  return SettingsScreen(scope)
}
