import Core
import Implicits

// Downstream conformers and overrides are checked against the upstream
// declaration, which the interface carries.

struct ProfileBuilder: Builder {
  func build(_ scope: ImplicitScope) -> Component {
    @Implicit var logger: Logger
    return Component()
  }
}

struct FeedBuilder: Builder {
  func build(_ scope: ImplicitScope) -> Component { // expected-error:8 {{'FeedBuilder.build(_:)' implements 'Core.Builder.build(_:)' of module 'Core' and requires 'Network', which its '@RequiresImplicits' does not declare: calls through it provide only what it declares; provide it in 'FeedBuilder.build(_:)', or have '.type(Network.self)' added to the declaration in 'Core'}}
    @Implicit var network: Network // expected-note:5 {{'Network' is required here by 'FeedBuilder.build(_:)'}}
    return Component()
  }
}

final class SettingsCoordinator: Coordinator {
  override func start(_ scope: ImplicitScope) { // expected-error:17 {{'SettingsCoordinator.start(_:)' overrides 'Core.Coordinator.start(_:)' of module 'Core' and requires '\.apiBaseURL', which its '@RequiresImplicits' does not declare: calls through it provide only what it declares; provide it in 'SettingsCoordinator.start(_:)', or have '.named(\.apiBaseURL)' added to the declaration in 'Core'}}
    @Implicit(ImplicitsKeys.apiBaseURL) var url: String // expected-note:5 {{'\.apiBaseURL' is required here by 'SettingsCoordinator.start(_:)'}}
  }
}

// Provided inside: nothing more is required.
final class AboutCoordinator: Coordinator {
  override func start(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var network = Network()
    @Implicit var logger: Logger
    _ = network
  }
}

// A call through the protocol requires the declaration.
func show(_ builder: any Builder, _ scope: ImplicitScope) {
  _ = builder.build(scope) // expected-note:15 {{'Builder.build(_:)' of module 'Core' requires '\.apiBaseURL', called here}}
}

func main() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: \.apiBaseURL}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  show(ProfileBuilder(), scope) // expected-note:3 {{'show(_:_:)' requires '\.apiBaseURL', called here}}
  SettingsCoordinator().start(scope)
}
