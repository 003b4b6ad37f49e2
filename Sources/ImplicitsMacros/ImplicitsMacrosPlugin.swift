import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct ImplicitsMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [ImplicitsBagMacro.self, RequiresImplicitsMacro.self]
}
