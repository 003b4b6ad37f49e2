import Implicits

// The seed article's 'Builder': a call through a public protocol requires
// what its requirement declares with '@RequiresImplicits'; every conformer
// in this module and downstream is checked against it.

public final class Logger { public init() {} }
public final class Network { public init() {} }
public final class Component { public init() {} }

extension ImplicitsKeys {
  public static let apiBaseURL = Key<String>()
}

public protocol Builder {
  @RequiresImplicits(.type(Logger.self), .named(\.apiBaseURL)) // expected-note:3 {{'\.apiBaseURL' is required here by '@RequiresImplicits' of 'Builder.build(_:)'}}
  func build(_ scope: ImplicitScope) -> Component
}

public func createComponent(builder: any Builder, _ scope: ImplicitScope) -> Component {
  builder.build(scope) // expected-note:11 {{'Builder.build(_:)' requires '\.apiBaseURL', called here}}
}

public struct LoggingBuilder: Builder {
  public init() {}
  public func build(_ scope: ImplicitScope) -> Component {
    @Implicit var logger: Logger
    @Implicit(\.apiBaseURL) var url: String
    return Component()
  }
}

// Reads less than declared: fine.
struct QuietBuilder: Builder {
  func build(_ scope: ImplicitScope) -> Component { Component() }
}

struct GreedyBuilder: Builder {
  func build(_ scope: ImplicitScope) -> Component { // expected-error:8 {{'GreedyBuilder.build(_:)' implements 'Builder.build(_:)' and requires 'Network', which the requirement's '@RequiresImplicits' does not declare: calls through 'Builder' provide only what it declares; add '.type(Network.self)' to it, or provide it in 'GreedyBuilder.build(_:)'}}
    @Implicit var network: Network // expected-note:5 {{'Network' is required here by 'GreedyBuilder.build(_:)'}}
    return Component()
  }
}

// A default in a protocol extension is an implementation too.
public protocol Screen {
  @RequiresImplicits(.type(Logger.self))
  func show(_ scope: ImplicitScope)
}

extension Screen {
  public func show(_ scope: ImplicitScope) { // expected-error:15 {{'Screen.show(_:)' implements 'Screen.show(_:)' and requires 'Network', which the requirement's '@RequiresImplicits' does not declare: calls through 'Screen' provide only what it declares; add '.type(Network.self)' to it, or provide it in 'Screen.show(_:)'}}
    @Implicit var network: Network // expected-note:5 {{'Network' is required here by 'Screen.show(_:)'}}
  }
}

struct HomeScreen: Screen {}

// Open classes and class members: the declaration is what callers provide.
open class Coordinator {
  public init() {}

  @RequiresImplicits(.type(Logger.self))
  open func start(_ scope: ImplicitScope) {
    @Implicit var logger: Logger
  }

  @RequiresImplicits()
  open class func make(_ scope: ImplicitScope) -> Coordinator { Coordinator() }

  @RequiresImplicits(.type(Logger.self))
  open subscript(_ index: Int, _ scope: ImplicitScope) -> Int { index }
}

final class OnboardingCoordinator: Coordinator {
  override func start(_ scope: ImplicitScope) { // expected-error:17 {{'OnboardingCoordinator.start(_:)' overrides 'Coordinator.start(_:)' and requires 'Network', which its '@RequiresImplicits' does not declare: calls of 'Coordinator.start(_:)' provide only what it declares; add '.type(Network.self)' to it, or provide it in the override}}
    @Implicit var network: Network // expected-note:5 {{'Network' is required here by 'OnboardingCoordinator.start(_:)'}}
  }

  override class func make(_ scope: ImplicitScope) -> Coordinator { // expected-error:23 {{'OnboardingCoordinator.make(_:)' overrides 'Coordinator.make(_:)' and requires 'Logger', which its '@RequiresImplicits' does not declare: calls of 'Coordinator.make(_:)' provide only what it declares; add '.type(Logger.self)' to it, or provide it in the override}}
    @Implicit var logger: Logger // expected-note:5 {{'Logger' is required here by 'OnboardingCoordinator.make(_:)'}}
    return OnboardingCoordinator()
  }
}

// A function's own body is held to its declaration.
@RequiresImplicits(.type(Logger.self))
public func render(_ scope: ImplicitScope) { // expected-error:13 {{'render(_:)' requires 'Network', '\.apiBaseURL', which its '@RequiresImplicits' does not declare: callers provide only what it declares; add '.type(Network.self)', '.named(\.apiBaseURL)' to it, or provide them in its body}}
  @Implicit var network: Network // expected-note:3 {{'Network' is required here by 'render(_:)'}}
  @Implicit(\.apiBaseURL) var url: String // expected-note:3 {{'\.apiBaseURL' is required here by 'render(_:)'}}
}

// Callers provide exactly the declaration: here, 'Logger' and '\.apiBaseURL'.
func screen(_ scope: ImplicitScope) {
  _ = createComponent(builder: LoggingBuilder(), scope) // expected-note:7 {{'createComponent(builder:_:)' requires '\.apiBaseURL', called here}}
}

func root() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: \.apiBaseURL}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  screen(scope) // expected-note:3 {{'screen(_:)' requires '\.apiBaseURL', called here}}
}

@RequiresImplicits(.type(Logger.self))
func takesNoScope() {} // expected-error@-1:1 {{@RequiresImplicits declares what a scope-taking function requires, and 'takesNoScope()' takes no '_ scope: ImplicitScope'; remove it, or add the scope parameter}}

@RequiresImplicits(Logger.self) // expected-error:20 {{@RequiresImplicits takes keys as '.type(T.self)' or '.named(\.name)'}}
func misspelled(_ scope: ImplicitScope) {}
