import SwiftSyntax

/// Calls through a protocol requirement or an overridable member are
/// dispatched at run time: the analyzer follows them where every body they
/// may reach is in this module (a requirement of a protocol that is not
/// public, an override in this module), and refuses them where other
/// modules could add bodies (public protocols, 'open' and 'class' members).
enum DispatchRules {
  static func check(
    _ symbol: FunctionSymbol, modifiers: DeclModifierListSyntax, isProtocol: Bool, isExtension: Bool,
    report: (String) -> Void
  ) {
    let name = "'\(symbol.signature)'"
    // Declared implicits are checked against every body a call may run
    // (`DeclaredImplicitsChecks`), in this module and downstream.
    if symbol.declaredImplicits != nil { return }
    let declare = "declare what it requires with '@RequiresImplicits(.type(T.self), .named(\\.name))'"
    if isProtocol {
      // A requirement of a protocol that is not public has all its
      // implementations in this module (`ProtocolDispatch`).
      if symbol.isProtocolRequirement, let owner = symbol.owner, owner.access >= .package {
        report(
          "Scope-taking \(kindWord(symbol)) \(name) cannot be a requirement of a \(owner.access.word) protocol: "
            + "implementations in other modules could read what its callers do not provide; \(declare), make "
            + "'\(owner.displayName)' internal, or declare the method in a concrete type or a protocol extension")
      }
      return
    }
    if SyntaxFacts.hasModifier(modifiers, .open) {
      report("Scope-taking \(kindWord(symbol)) \(name) cannot be 'open' as it is: overrides in other modules could read what its callers do not provide; \(declare), or use 'public' and make it 'final'")
      return
    }
    if SyntaxFacts.hasModifier(modifiers, .class), !(symbol.owner?.isFinal ?? false), !SyntaxFacts.hasModifier(modifiers, .final) {
      report("Scope-taking \(kindWord(symbol)) \(name) cannot be a 'class' member as it is: it could be overridden; \(declare), or use 'static'")
      return
    }
    // Any other method of a class can be overridden only in this module (a
    // method overridable elsewhere is 'open'): a call runs one of its
    // overrides, and requires what each does (`ProtocolDispatch`).
    // Subscripts are not followed that way.
    guard symbol.kind == .subscript, let owner = symbol.owner, owner.kind == .class, !owner.isFinal, !symbol.isStatic,
      !isExtension, !SyntaxFacts.hasModifier(modifiers, .final)
    else { return }
    report(
      "Scope-taking subscript \(name) of non-final class '\(owner.displayName)' could be overridden; mark it 'final' "
        + "(or the class 'final'), or \(declare)")
  }

  static func kindWord(_ symbol: FunctionSymbol) -> String {
    switch symbol.kind {
    case .function: symbol.owner == nil ? "function" : "method"
    case .initializer: "initializer"
    case .subscript: "subscript"
    }
  }
}
