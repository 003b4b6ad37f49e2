import Implicits

final class Telemetry {}
final class Database {}
final class Extra {}

final class Tab {
  init(_ scope: ImplicitScope) {
    @Implicit var telemetry: Telemetry
  }
}

final class TabManager {
  private let implicits = #implicits // expected-note:27 {{the bag captured here needs 'Extra'}}

  init(_ scope: ImplicitScope) {}

  func createTab() -> Tab {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return Tab(scope)
  }

  lazy var database: Database = {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit var database: Database
    return database
  }()
}

extension TabManager {
  func fromExtension() {
    let scope = ImplicitScope(with: self.implicits)
    defer { scope.end() }
    @Implicit var extra: Extra // expected-note:5 {{'Extra' is required here by 'TabManager.fromExtension()'}}
  }
}

func make() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Extra}}
  defer { scope.end() }
  @Implicit var telemetry = Telemetry()
  @Implicit var database = Database()
  _ = TabManager(scope) // expected-note:7 {{'TabManager.init(_:)' requires 'Extra', called here}}
}
