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
    @Implicit var database: Database
  }
}

final class Store {
  var records: [Record] = []

  func reduce(_ action: Action, _ scope: ImplicitScope) {
    switch action {
    case .save:
      save(scope)
    case let .load(id):
      load(id, scope)
    }
  }

  func save(_ scope: ImplicitScope) {
    for record in records {
      record.persist(scope)
    }
  }

  func load(_ id: Int, _ scope: ImplicitScope) {
    @Implicit var clock: Clock
  }
}

extension Int {
  static func stamp(_ scope: ImplicitScope) -> Int {
    @Implicit var clock: Clock
    return 0
  }
}

// Each mistake is found through the everyday shapes: the switch, the loop,
// the static member of Int.
func run(_ store: Store) {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Clock, Database}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  store.reduce(.save, scope)
  store.reduce(.load(id: 1), scope)
  _ = Int.stamp(scope)
}
