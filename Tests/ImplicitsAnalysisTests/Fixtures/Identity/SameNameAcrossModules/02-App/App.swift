import Core
import Implicits

// App's own Config: another type, so another key than Core's.
struct Config {
  let theme: String
}

func launch() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Core.Config}}
  defer { scope.end() }
  @Implicit var config = Config(theme: "dark")
  @Implicit var session = Session()
  loadSettings(scope) // expected-note:3 {{'loadSettings(_:)' of module 'Core' requires 'Core.Config', called here}}
}

func launchQualified() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var config = Core.Config(retries: 3)
  @Implicit var session: Core.Session = Session()
  loadSettings(scope)
}

func launchThroughAlias() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var config: CoreConfig = .init(retries: 1)
  @Implicit var session = Session()
  loadSettings(scope)
}

func readsAppConfig(_ scope: ImplicitScope) {
  @Implicit var config: Config // expected-note:3 {{'App.Config' is required here by 'readsAppConfig(_:)'}}
  _ = config.theme
}

func coreConfigIsNotAppConfig() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: App.Config}}
  defer { scope.end() }
  @Implicit var config = Core.Config(retries: 1)
  readsAppConfig(scope) // expected-note:3 {{'readsAppConfig(_:)' requires 'App.Config', called here}}
}

func ownModuleQualified() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var config: App.Config = Config(theme: "light")
  readsAppConfig(scope)
}
