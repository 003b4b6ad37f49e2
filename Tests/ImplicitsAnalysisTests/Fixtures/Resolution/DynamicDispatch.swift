import Implicits

// A call through a requirement of a protocol that is not public requires
// what every implementation requires (each conformer's own method, one
// inherited from a superclass, or a protocol extension's default); a call
// of a method of a class requires what it and every override in the
// module require, except through 'super'. The seed article's 'Builder'.

final class Analytics {}
final class Logger {}
final class Router {}
struct Component { let name: String }

protocol Builder {
  func build(_ scope: ImplicitScope) -> Component // expected-note:8 {{'HeaderBuilder.build(_:)' requires 'Logger', called here}}
}

extension Builder {
  func buildTwice(_ scope: ImplicitScope) -> [Component] { [build(scope), build(scope)] }
}

struct CellBuilder: Builder {
  func build(_: ImplicitScope) -> Component {
    @Implicit var analytics: Analytics
    return Component(name: "cell")
  }
}

struct HeaderBuilder: Builder {
  func build(_: ImplicitScope) -> Component {
    @Implicit var logger: Logger // expected-note:5 {{'Logger' is required here by 'HeaderBuilder.build(_:)'}}
    return Component(name: "header")
  }
}

func createComponent(builder: Builder, _ scope: ImplicitScope) -> Component { builder.build(scope) } // expected-note:87 {{'Builder.build(_:)' requires 'Logger', called here}}
func createAll<B: Builder>(_ builders: [B], _ scope: ImplicitScope) -> [Component] { builders.map { $0.build(scope) } }

func everyBuilderServed() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var logger = Logger()
  _ = createComponent(builder: CellBuilder(), scope)
  _ = createAll([HeaderBuilder()], scope)
  _ = CellBuilder().buildTwice(scope)
}

func oneConformerReadsMore() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Logger}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  _ = createComponent(builder: CellBuilder(), scope) // expected-note:7 {{'createComponent(builder:_:)' requires 'Logger', called here}}
}

// A concrete receiver calls its own method only.
func concrete() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  _ = CellBuilder().build(scope)
}

class Coordinator {
  func start(_ scope: ImplicitScope) { @Implicit var router: Router }
  func run(_ scope: ImplicitScope) { start(scope) } // expected-note:38 {{'TrackedCoordinator.start(_:)' requires 'Analytics', called here}}
}

class TrackedCoordinator: Coordinator {
  override func start(_ scope: ImplicitScope) {
    super.start(scope)
    @Implicit var analytics: Analytics // expected-note:5 {{'Analytics' is required here by 'TrackedCoordinator.start(_:)'}}
  }
}

final class QuietCoordinator: TrackedCoordinator {
  override func start(_ scope: ImplicitScope) { super.start(scope) }
}

func launch(_ coordinator: Coordinator) {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Analytics}}
  defer { scope.end() }
  @Implicit var router = Router()
  coordinator.run(scope) // expected-note:15 {{'Coordinator.run(_:)' requires 'Analytics', called here}}
}

func launchEverything(_ coordinator: Coordinator) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var router = Router()
  @Implicit var analytics = Analytics()
  coordinator.run(scope)
}
