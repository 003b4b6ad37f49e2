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
