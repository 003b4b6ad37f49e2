import SwiftSyntax

/// Scope-taking functions must be called statically: calls through a
/// protocol requirement or an overridable member are dispatched at run
/// time, to bodies the analyzer cannot know.
enum DispatchRules {
  static func check(
    _ symbol: FunctionSymbol, modifiers: DeclModifierListSyntax, isProtocol: Bool, isExtension: Bool,
    report: (String) -> Void
  ) {
    let name = "'\(symbol.signature)'"
    if isProtocol {
      if symbol.isProtocolRequirement {
        report(
          "Scope-taking \(kindWord(symbol)) \(name) cannot be a protocol requirement: calls through a protocol are "
            + "dispatched dynamically; declare it in a concrete type or a protocol extension")
      }
      return
    }
    if SyntaxFacts.hasModifier(modifiers, .open) {
      report("Scope-taking \(kindWord(symbol)) \(name) cannot be 'open': it could be overridden; use 'public' and make it 'final'")
      return
    }
    if SyntaxFacts.hasModifier(modifiers, .class) {
      report("Scope-taking \(kindWord(symbol)) \(name) cannot be a 'class' member: it could be overridden; use 'static'")
      return
    }
    if SyntaxFacts.hasModifier(modifiers, .override), symbol.kind != .initializer {
      report(
        "Scope-taking \(kindWord(symbol)) \(name) cannot be an 'override': calls to it are dispatched dynamically; "
          + "give it its own name instead of 'override'")
      return
    }
    guard let owner = symbol.owner, owner.kind == .class, !owner.isFinal, symbol.kind != .initializer,
      !symbol.isStatic, !isExtension, !SyntaxFacts.hasModifier(modifiers, .final)
    else { return }
    report(
      "Scope-taking \(kindWord(symbol)) \(name) of non-final class '\(owner.displayName)' could be overridden; "
        + "mark it 'final' (or the class 'final')")
  }

  static func kindWord(_ symbol: FunctionSymbol) -> String {
    switch symbol.kind {
    case .function: symbol.owner == nil ? "function" : "method"
    case .initializer: "initializer"
    case .subscript: "subscript"
    }
  }
}
