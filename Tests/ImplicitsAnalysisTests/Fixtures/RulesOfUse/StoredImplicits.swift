import Implicits

final class Analytics {}
final class Network {}

final class SearchController {
  @Implicit var analytics: Analytics
  @Implicit var network: Network // expected-note:3 {{'Network' is required here by stored property 'network' of 'SearchController' in 'SearchController.init(_:)'}}

  init(_ scope: ImplicitScope) {}
}

struct Reader {
  @Implicit var analytics: Analytics
  let name: String

  init(name: String, _ scope: ImplicitScope) {
    self.name = name
  }

  init(_ scope: ImplicitScope) {
    self.init(name: "default", scope)
  }
}

final class NoScopeInit { // expected-error:13 {{Type 'NoScopeInit' has stored @Implicit properties but no initializer that takes an ImplicitScope; declare 'init(_ scope: ImplicitScope)' (the memberwise initializer cannot take one)}}
  @Implicit var analytics: Analytics
}

final class MixedInits {
  @Implicit var analytics: Analytics
  init(_ scope: ImplicitScope) {}
  init(name: String) {} // expected-error:3 {{Initializer 'init(name:)' of 'MixedInits' reads the stored implicits of 'MixedInits' but takes no ImplicitScope; add a '_ scope: ImplicitScope' parameter or delegate to an initializer that takes one}}
}

final class WithValue {
  @Implicit var analytics = Analytics() // expected-error:3 {{A stored @Implicit property has no initial value: it is read when the object is initialized}}
  init(_ scope: ImplicitScope) {}
}

final class Statics {
  @Implicit static var analytics: Analytics // expected-error:3 {{A static @Implicit property is not supported: read implicits in a scope-taking function}}
}

func build() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Network}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  _ = SearchController(scope) // expected-note:7 {{'SearchController.init(_:)' requires 'Network', called here}}
  _ = Reader(scope)
}
