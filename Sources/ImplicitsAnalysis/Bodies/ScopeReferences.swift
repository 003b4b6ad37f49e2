import ImplicitsInterface
import SwiftSyntax

/// Where a scope may be used: a scope reaches a callee only as a call
/// argument. Any other flow of an `ImplicitScope` value (an alias, a stored
/// property, a return value, a collection, a capture) would carry
/// requirements where the analyzer cannot follow them, so it is an error
/// on that line.
extension BodyBuilder {
  /// Passing `scope` needs a scope of this unit.
  func scopeArgumentAllowed(at node: Syntax, what: String = "Passing a scope") -> Bool {
    if state.unit.hasScopeParameter || environment.hasLocalScope {
      return true
    }
    if environment.outerUnitHasScope {
      reportOuterScope(at: node)
      return false
    }
    reportMissingScope(at: node, what: what)
    return false
  }

  func reportMissingScope(at node: some SyntaxProtocol, what: String) {
    switch state.unit.kind {
    case .closure:
      error(
        "\(what) in a closure needs a scope of the closure's own: capture a bag with '[implicits = #implicits]' "
          + "and reopen it with 'let scope = ImplicitScope(with: implicits)'",
        at: node)
    case .function(let symbol) where symbol.isLocal && environment.outerUnitHasScope:
      reportOuterScope(at: node)
    default:
      error("\(what) requires a scope: take '_ scope: ImplicitScope' as a parameter or open a local scope", at: node)
    }
  }

  /// A closure or a nested function uses the scope of the code around it.
  func reportOuterScope(at node: some SyntaxProtocol) {
    guard !state.reportedOuterScope else { return }
    state.reportedOuterScope = true
    if case .function(let symbol) = state.unit.kind, symbol.isLocal {
      error(
        "A nested function cannot use the scope of the function around it: give '\(symbol.signature)' its own "
          + "'_ scope: ImplicitScope' parameter and pass 'scope' to it",
        at: node)
      return
    }
    error(
      "A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and "
        + "reopen it with 'let scope = ImplicitScope(with: implicits)'",
      at: node)
  }

  /// A reference to a name; checks uses of scopes.
  func visitReference(_ reference: DeclReferenceExprSyntax) {
    guard reference.argumentNames == nil, let binding = environment.scopeBinding(reference.baseName.text) else { return }
    // The member name of `x.scope` is not a reference to a scope.
    if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { return }
    if binding == .outer {
      reportOuterScope(at: reference)
      return
    }
    if isAllowedScopeUse(reference) { return }
    error(
      "An ImplicitScope reaches a callee only as a call argument: pass '\(reference.baseName.text)' directly as the "
        + "'_ scope: ImplicitScope' argument of the function that needs it, not through a variable, a property, a "
        + "return value or a collection",
      at: reference)
  }

  /// A call argument (`f(scope)`: the call is checked), `_ = scope`, or
  /// `withScope(nesting: scope)`.
  private func isAllowedScopeUse(_ reference: DeclReferenceExprSyntax) -> Bool {
    guard let parent = reference.parent else { return false }
    if let argument = parent.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
      let call = list.parent
    {
      return call.is(FunctionCallExprSyntax.self) || call.is(SubscriptCallExprSyntax.self)
    }
    if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self) && elements[1].is(AssignmentExprSyntax.self)
        && elements[2].id == reference.id
    }
    return false
  }
}
