import Implicits
import Storage

/// The application object: a module named `App` declaring a type `App`.
final class App {
  private let implicits = #implicits
  let name: String

  init(name: String, _ scope: ImplicitScope) {
    self.name = name
  }

  func signOut() -> Int {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return wipeHistory(scope)
  }
}

func wipeHistory(_: ImplicitScope) -> Int {
  @Implicit var history: any Clearing & Syncing
  @Implicit var telemetry: Telemetry
  let synced = history.sync()
  history.clear()
  telemetry.send("wiped \(synced)")
  return synced
}

func launch(store: HistoryStore, telemetry: Telemetry) -> App {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var history: any Clearing & Syncing = store
  @Implicit var events = telemetry
  return App(name: "Browser", scope)
}
