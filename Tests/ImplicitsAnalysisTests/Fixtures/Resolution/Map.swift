import Implicits

final class Analytics {
  func prefixed(_ prefix: String) -> Analytics { self }
}
final class Database {}
final class Storage {
  init(_ database: Database) {}
}

extension ImplicitsKeys {
  static let storage = Key<Storage>()
  static let backup = Key<Storage>()
}

func useStorage(_: ImplicitScope) {
  @Implicit(\.backup) var backup: Storage
  @Implicit var analytics: Analytics
}

func derive(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  Implicit.map(Database.self, to: \.storage) { Storage($0) } // expected-note:3 {{'Database' is required here by Implicit.map in 'derive(_:)'}}
  Implicit.map(\.storage, to: \.backup) { $0 }
  Implicit.map(Analytics.self, to: Analytics.self) { $0.prefixed("x") } // expected-note:3 {{'Analytics' is required here by Implicit.map in 'derive(_:)'}}
  useStorage(scope)
}

func missingSource() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Analytics, Database}}
  defer { scope.end() }
  derive(scope) // expected-note:3 {{'derive(_:)' requires 'Analytics', called here}} expected-note:3 {{'derive(_:)' requires 'Database', called here}}
}

func complete() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = Database()
  @Implicit var analytics = Analytics()
  derive(scope)
}

func mapWithoutLocalScope(_ scope: ImplicitScope) {
  Implicit.map(Database.self, to: \.storage) { Storage($0) } // expected-error:3 {{Providing implicits requires a local scope opened in this block: add 'let scope = scope.nested()' and 'defer { scope.end() }' before it}}
}
