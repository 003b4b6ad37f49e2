import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@RequiresImplicits(.type(Logger.self), .named(\.apiBaseURL))`: the
/// implicits a scope-taking function declares it requires. The compiler
/// type-checks the keys; the expansion adds nothing. The analyzer reads the
/// declaration: callers provide exactly these keys, and the body, every
/// witness of a protocol requirement and every override, in this module and
/// downstream, must require no more.
public struct RequiresImplicitsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard declaration.is(FunctionDeclSyntax.self) || declaration.is(InitializerDeclSyntax.self)
      || declaration.is(SubscriptDeclSyntax.self)
    else {
      throw MacroExpansionErrorMessage(
        "@RequiresImplicits declares what a scope-taking function, initializer or subscript requires; "
          + "attach it to one")
    }
    return []
  }
}
