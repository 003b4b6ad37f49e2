/// Captures the implicits that the code reopening this bag reads, for later:
///
///     let handler = { [implicits = #implicits] in
///       let scope = ImplicitScope(with: implicits)
///       defer { scope.end() }
///       @Implicit var analytics: Analytics
///       analytics.track("tap")
///     }
///
///     class TabManager {
///       private let implicits = #implicits
///       init(_ scope: ImplicitScope) {}
///     }
///
/// It expands to a call of a function generated per call site into the
/// module's support file by the analyzer (`implicits analyze
/// --emit-support-file`, `implicits build`, or the SwiftPM plugin). Code
/// that is not analyzed can use `Implicits(capturing:)` instead.
@freestanding(expression)
public macro implicits() -> Implicits = #externalMacro(module: "ImplicitsMacros", type: "ImplicitsBagMacro")

/// Declares the implicits a scope-taking function requires, where its
/// callers cannot see every body a call may run: a requirement of a public
/// protocol, an `open` or `class` member.
///
///     public protocol Builder {
///       @RequiresImplicits(.type(Logger.self), .named(\.apiBaseURL))
///       func build(_ scope: ImplicitScope) -> Screen
///     }
///
/// Callers provide exactly the listed keys. The analyzer checks that the
/// function's own body, every conforming type's implementation and every
/// override, in this module and in the modules that import it, requires no
/// more, and reports the key and the declaration where one does. On any
/// other function it fixes what callers provide, whatever the body reads.
/// The keys are checked by the compiler; the attribute adds no code.
@attached(peer)
public macro RequiresImplicits(_ keys: ImplicitKey...) =
  #externalMacro(module: "ImplicitsMacros", type: "RequiresImplicitsMacro")
