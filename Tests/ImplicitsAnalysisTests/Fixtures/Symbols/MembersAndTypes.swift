import Implicits

final class Key1 {}
final class Key2 {}
final class Key3 {}
final class Key4 {}
final class Key5 {}
final class Key6 {}
final class Key7 {}

enum Outer {
  struct Inner {
    static func make(_: ImplicitScope) {
      @Implicit var key: Key1
    }
    init(_ scope: ImplicitScope) {
      @Implicit var key: Key2
    }
  }
}

struct Service {
  func load(_: ImplicitScope) {
    @Implicit var key: Key3
  }
  static func shared(_: ImplicitScope) {
    @Implicit var key: Key4
  }
}

actor Store {
  func save(_: ImplicitScope) async {
    @Implicit var key: Key5
  }
}

final class Screen {
  let service: Service
  init(service: Service) { self.service = service }

  func render(_ scope: ImplicitScope) {
    service.load(scope)
    self.helper(scope)
    helper(scope)
  }

  func helper(_: ImplicitScope) {
    @Implicit var key: Key6
  }
}

extension Service {
  func extra(_: ImplicitScope) {
    @Implicit var key: Key7
  }
}

func nestedType() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Key1, Key2}}
  defer { scope.end() }
  Outer.Inner.make(scope)
  _ = Outer.Inner(scope)
}

func initializerSpellings() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Key2}}
  defer { scope.end() }
  _ = Outer.Inner.init(scope)
}

func declaredValues(parameter: Service) async {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Key3, Key4, Key5, Key7}}
  defer { scope.end() }
  let annotated: Service = parameter
  annotated.load(scope)
  let constructed = Service()
  constructed.extra(scope)
  Service.shared(scope)
  let store = Store()
  await store.save(scope)
}

func throughSelf() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Key3, Key6}}
  defer { scope.end() }
  let screen = Screen(service: Service())
  screen.render(scope)
}

func optionalChains(screen: Screen?) throws {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Key6}}
  defer { scope.end() }
  screen?.helper(scope)
  try screen!.helper(scope)
}
