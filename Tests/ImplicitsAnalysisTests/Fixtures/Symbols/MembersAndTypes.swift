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
      @Implicit var key: Key1 // expected-note:7 {{'Key1' is required here by 'Outer.Inner.make(_:)'}}
    }
    init(_ scope: ImplicitScope) {
      @Implicit var key: Key2 // expected-note:7 {{'Key2' is required here by 'Outer.Inner.init(_:)'}} expected-note:7 {{'Key2' is required here by 'Outer.Inner.init(_:)'}}
    }
  }
}

struct Service {
  func load(_: ImplicitScope) {
    @Implicit var key: Key3 // expected-note:5 {{'Key3' is required here by 'Service.load(_:)'}} expected-note:5 {{'Key3' is required here by 'Service.load(_:)'}}
  }
  static func shared(_: ImplicitScope) {
    @Implicit var key: Key4 // expected-note:5 {{'Key4' is required here by 'Service.shared(_:)'}}
  }
}

actor Store {
  func save(_: ImplicitScope) async {
    @Implicit var key: Key5 // expected-note:5 {{'Key5' is required here by 'Store.save(_:)'}}
  }
}

final class Screen {
  let service: Service
  init(service: Service) { self.service = service }

  func render(_ scope: ImplicitScope) {
    service.load(scope) // expected-note:13 {{'Service.load(_:)' requires 'Key3', called here}}
    self.helper(scope) // expected-note:10 {{'Screen.helper(_:)' requires 'Key6', called here}}
    helper(scope)
  }

  func helper(_: ImplicitScope) {
    @Implicit var key: Key6 // expected-note:5 {{'Key6' is required here by 'Screen.helper(_:)'}} expected-note:5 {{'Key6' is required here by 'Screen.helper(_:)'}}
  }
}

extension Service {
  func extra(_: ImplicitScope) {
    @Implicit var key: Key7 // expected-note:5 {{'Key7' is required here by 'Service.extra(_:)'}}
  }
}

func nestedType() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Key1, Key2}}
  defer { scope.end() }
  Outer.Inner.make(scope) // expected-note:15 {{'Outer.Inner.make(_:)' requires 'Key1', called here}}
  _ = Outer.Inner(scope) // expected-note:13 {{'Outer.Inner.init(_:)' requires 'Key2', called here}}
}

func initializerSpellings() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Key2}}
  defer { scope.end() }
  _ = Outer.Inner.init(scope) // expected-note:19 {{'Outer.Inner.init(_:)' requires 'Key2', called here}}
}

func declaredValues(parameter: Service) async {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Key3, Key4, Key5, Key7}}
  defer { scope.end() }
  let annotated: Service = parameter
  annotated.load(scope) // expected-note:13 {{'Service.load(_:)' requires 'Key3', called here}}
  let constructed = Service()
  constructed.extra(scope) // expected-note:15 {{'Service.extra(_:)' requires 'Key7', called here}}
  Service.shared(scope) // expected-note:11 {{'Service.shared(_:)' requires 'Key4', called here}}
  let store = Store()
  await store.save(scope) // expected-note:15 {{'Store.save(_:)' requires 'Key5', called here}}
}

func throughSelf() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Key3, Key6}}
  defer { scope.end() }
  let screen = Screen(service: Service())
  screen.render(scope) // expected-note:10 {{'Screen.render(_:)' requires 'Key3', called here}} expected-note:10 {{'Screen.render(_:)' requires 'Key6', called here}}
}

func optionalChains(screen: Screen?) throws {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Key6}}
  defer { scope.end() }
  screen?.helper(scope) // expected-note:11 {{'Screen.helper(_:)' requires 'Key6', called here}}
  try screen!.helper(scope)
}
