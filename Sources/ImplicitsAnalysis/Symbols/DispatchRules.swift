import SwiftSyntax

/// Calls through a protocol requirement or an overridable member are
/// dispatched at run time: the analyzer follows them where every body they
/// may reach is in this module (a requirement of a protocol that is not
/// public, an override in this module), and refuses them where other
/// modules could add bodies (public protocols, 'open' and 'class' members).
enum DispatchRules {
  /// The error for a scope-taking function whose calls could run bodies
  /// the analysis cannot see, if it is one.
  static func check(
    _ symbol: FunctionSymbol, modifiers: DeclModifierListSyntax, isProtocol: Bool, isExtension: Bool
  ) -> Diagnostic? {
    // Declared implicits are checked against every body a call may run
    // (`DeclaredImplicitsChecks`), in this module and downstream.
    if symbol.declaredImplicits != nil { return nil }
    if isProtocol {
      // A requirement of a protocol that is not public has all its
      // implementations in this module (`ProtocolDispatch`).
      if symbol.isProtocolRequirement, let owner = symbol.owner, owner.access >= .package {
        return .scopeRequirementOfVisibleProtocol(symbol, of: owner)
      }
      return nil
    }
    if SyntaxFacts.hasModifier(modifiers, .open) { return .openScopeFunction(symbol) }
    if symbol.kind == .initializer, SyntaxFacts.hasModifier(modifiers, .required), let owner = symbol.owner,
      owner.access == .open, !owner.isFinal
    {
      return .openRequiredInitializer(symbol, of: owner)
    }
    if SyntaxFacts.hasModifier(modifiers, .class), !(symbol.owner?.isFinal ?? false), !SyntaxFacts.hasModifier(modifiers, .final) {
      return .classScopeFunction(symbol)
    }
    // Any other method of a class can be overridden only in this module (a
    // method overridable elsewhere is 'open'): a call runs one of its
    // overrides, and requires what each does (`ProtocolDispatch`).
    // Subscripts are not followed that way.
    guard symbol.kind == .subscript, let owner = symbol.owner, owner.kind == .class, !owner.isFinal, !symbol.isStatic,
      !isExtension, !SyntaxFacts.hasModifier(modifiers, .final)
    else { return nil }
    return .overridableScopeSubscript(symbol, of: owner)
  }

  static func kindWord(_ symbol: FunctionSymbol) -> String {
    switch symbol.kind {
    case .function: symbol.owner == nil ? "function" : "method"
    case .initializer: "initializer"
    case .subscript: "subscript"
    }
  }
}
