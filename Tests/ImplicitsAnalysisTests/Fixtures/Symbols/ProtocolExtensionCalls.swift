import Implicits

// A protocol extension's scope-taking method is called statically through
// an existential, `some P` and a generic parameter constrained to `P`; a
// conforming type's own method of the same signature shadows it for a
// receiver of that type.

final class Theme {}
final class Router {}

protocol ScreenBuilder {
  var title: String { get }
}

extension ScreenBuilder {
  func build(_ scope: ImplicitScope) -> String {
    @Implicit var theme: Theme
    return title
  }
}

struct Home: ScreenBuilder {
  let title = "home"
}

struct Settings: ScreenBuilder {
  let title = "settings"
  func build(_ scope: ImplicitScope) -> String {
    @Implicit var router: Router // expected-note:5 {{'Router' is required here by 'Settings.build(_:)'}}
    return title
  }
}

func makeHome() -> some ScreenBuilder { Home() }
func viaGeneric<B: ScreenBuilder>(_ builder: B, _ scope: ImplicitScope) -> String { builder.build(scope) }
func viaWhere<B>(_ builder: B, _ scope: ImplicitScope) -> String where B: ScreenBuilder { builder.build(scope) }
func viaSome(_ builder: some ScreenBuilder, _ scope: ImplicitScope) -> String { builder.build(scope) }
func viaExistential(_ builder: any ScreenBuilder, _ scope: ImplicitScope) -> String { builder.build(scope) }

func throughTheProtocol() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  _ = makeHome().build(scope)
  _ = viaGeneric(Settings(), scope)
  _ = viaWhere(Home(), scope)
  _ = viaSome(Settings(), scope)
  _ = viaExistential(Settings(), scope)
}

func concreteShadows() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Router}}
  defer { scope.end() }
  @Implicit var theme = Theme()
  _ = Settings().build(scope) // expected-note:18 {{'Settings.build(_:)' requires 'Router', called here}}
}
