import Implicits

final class Logger {}

func load(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

func helper(_ value: Int) -> Int { value }

// A scope-taking function passed as a value could be called with any
// scope: `withScope` would call it in a root scope that provides nothing.
func passedAsValue() {
  withScope(load) // expected-error:13 {{A scope-taking function is only called directly: 'load(_:)' used as a value could be called with a scope the analyzer cannot follow; call it here, or pass a closure that captures a bag}}
  _ = [1, 2].map(helper)
}

struct Store {
  var items: [Int] = []

  func items(_ scope: ImplicitScope) -> [Int] {
    @Implicit var logger: Logger
    return items
  }

  func save(_ scope: ImplicitScope) {
    @Implicit var logger: Logger
  }
}

func methodValues(store: Store) {
  let save = store.save // expected-error:20 {{A scope-taking function is only called directly: 'Store.save(_:)' used as a value could be called with a scope the analyzer cannot follow; call it here, or pass a closure that captures a bag}}
  _ = save
  _ = store.items  // the property, not the method
}

// Default values are evaluated where the function is called, without a
// scope of their own.
func withDefault(bag: Implicits = Implicits(capturing: .type(Logger.self))) {} // expected-error:35 {{A bag captures the implicits of the scope around it, and there is none here: take '_ scope: ImplicitScope' as a parameter or open a local scope before capturing}}

class Base {
  required init(_ scope: ImplicitScope) {}

  // In a non-final class `Self` may be a subclass: not followed.
  final func copy(_ scope: ImplicitScope) -> Self {
    Self.init(scope) // expected-error:10 {{Unresolved symbol 'Self.init(_:)'}}
  }
}
