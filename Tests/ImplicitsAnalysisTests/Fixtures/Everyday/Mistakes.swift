import Implicits

final class Analytics {}
final class Database {}
final class Clock {}

enum Action {
  case save
  case load(id: Int)
}

struct Record {
  func persist(_ scope: ImplicitScope) {
    @Implicit var database: Database // expected-note:5 {{'Database' is required here by 'Record.persist(_:)'}}
  }
}

final class Store {
  var records: [Record] = []

  func reduce(_ action: Action, _ scope: ImplicitScope) {
    switch action {
    case .save:
      save(scope) // expected-note:7 {{'Store.save(_:)' requires 'Database', called here}}
    case let .load(id):
      load(id, scope)
    }
  }

  func save(_ scope: ImplicitScope) {
    for record in records {
      record.persist(scope) // expected-note:14 {{'Record.persist(_:)' requires 'Database', called here}}
    }
  }

  func load(_ id: Int, _ scope: ImplicitScope) {
    @Implicit var clock: Clock
  }
}

extension Int {
  static func stamp(_ scope: ImplicitScope) -> Int {
    @Implicit var clock: Clock // expected-note:5 {{'Clock' is required here by 'Int.stamp(_:)'}}
    return 0
  }
}

// Each mistake is found through the everyday shapes: the switch, the loop,
// the static member of Int.
func run(_ store: Store) {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Clock, Database}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  store.reduce(.save, scope) // expected-note:9 {{'Store.reduce(_:_:)' requires 'Database', called here}}
  store.reduce(.load(id: 1), scope)
  _ = Int.stamp(scope) // expected-note:11 {{'Int.stamp(_:)' requires 'Clock', called here}}
}
