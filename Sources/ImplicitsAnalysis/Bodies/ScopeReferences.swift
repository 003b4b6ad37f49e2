import ImplicitsInterface
import SwiftSyntax

/// Where a scope may be used: a scope reaches a callee only as a call
/// argument. Any other flow of an `ImplicitScope` value (an alias, a stored
/// property, a return value, a collection, a capture) would carry
/// requirements where the analyzer cannot follow them, so it is an error
/// on that line.
extension FileBodyWalker {
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
    case .deferred(let what):
      reportDeferred(what, at: node)
    case .closure:
      report(.closureWithoutScope(for: what, at: file.location(of: node)))
    case .function(let symbol) where symbol.isLocal && environment.outerUnitHasScope:
      reportOuterScope(at: node)
    default:
      report(.missingScope(for: what, at: file.location(of: node)))
    }
  }

  /// A closure or a nested function uses the scope of the code around it.
  func reportOuterScope(at node: some SyntaxProtocol) {
    if case .deferred(let what) = state.unit.kind {
      reportDeferred(what, at: node)
      return
    }
    guard !state.reportedOuterScope else { return }
    state.reportedOuterScope = true
    if case .function(let symbol) = state.unit.kind, symbol.isLocal {
      report(.nestedFunctionUsesOuterScope(symbol, at: file.location(of: node)))
      return
    }
    report(.closureUsesOuterScope(at: file.location(of: node)))
  }

  /// Code that runs later uses a scope: the scope may have ended by then.
  private func reportDeferred(_ what: String, at node: some SyntaxProtocol) {
    guard !state.reportedOuterScope else { return }
    state.reportedOuterScope = true
    report(.deferredCodeUsesScope(what, at: file.location(of: node)))
  }

  /// A reference to a name; checks uses of scopes and of scope-taking
  /// functions.
  func visitReference(_ reference: DeclReferenceExprSyntax) {
    if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
      // The member name of `x.scope`, `x.load`: not a scope; maybe a
      // method used as a value.
      checkFunctionValue(member: member)
      return
    }
    checkFunctionValue(reference)
    visitClosureParameterReference(reference)
    guard reference.argumentNames == nil, let binding = environment.scopeBinding(reference.baseName.text) else { return }
    if binding == .outer {
      reportOuterScope(at: reference)
      return
    }
    if isAllowedScopeUse(reference) { return }
    report(.scopeFlowsAsValue(reference.baseName.text, at: file.location(of: reference)))
  }

  // MARK: Scope-taking functions used as values

  /// Whether `expression` is the function a call calls.
  private func isCallee(_ expression: some SyntaxProtocol) -> Bool {
    guard let parent = expression.parent else { return false }
    if let call = parent.as(FunctionCallExprSyntax.self) { return call.calledExpression.id == expression.id }
    if let specialization = parent.as(GenericSpecializationExprSyntax.self) { return isCallee(specialization) }
    return false
  }

  private var scopeTakingNames: Set<String> {
    if let names = cachedScopeTakingNames { return names }
    var names = Set(declarations.functions.filter(\.isScopeTaking).map(\.baseName))
    names.formUnion(resolver.upstream.scopeTakingBaseNames)
    cachedScopeTakingNames = names
    return names
  }

  /// `load` not called: a scope-taking function passed as a value reaches
  /// a scope the analyzer cannot see (`withScope(load)`, `items.forEach(load)`).
  private func checkFunctionValue(_ reference: DeclReferenceExprSyntax) {
    let name = reference.baseName.text
    guard localFunctionNames.contains(name) || scopeTakingNames.contains(name), !isCallee(reference) else { return }
    if let local = environment.lookup(name) {
      if case .functions(let overloads) = local, let symbol = overloads.first(where: \.isScopeTaking) {
        reportFunctionValue(symbol.displayName, at: reference)
      }
      return
    }
    if let owner = state.owner, callResolver.property(of: owner.semanticType, named: name, from: file) != nil { return }
    if symbols.globalProperty(name, from: file) != nil { return }
    if let scopeTaking = callResolver.candidates(callee: ExprSyntax(reference), context: context)
      .first(where: { $0.scopeParameterIndex != nil })
    {
      reportFunctionValue(displayName(scopeTaking), at: reference)
    }
  }

  private func checkFunctionValue(member: MemberAccessExprSyntax) {
    let name = member.declName.baseName.text
    guard scopeTakingNames.contains(name), !isCallee(member), member.base != nil else { return }
    if let base = member.base, let type = callResolver.type(of: base, context: context)?.unwrapped,
      callResolver.property(of: type, named: name, from: file) != nil
    {
      return
    }
    if let scopeTaking = callResolver.candidates(callee: ExprSyntax(member), context: context)
      .first(where: { $0.scopeParameterIndex != nil })
    {
      reportFunctionValue(displayName(scopeTaking), at: member.declName)
    }
  }

  private func reportFunctionValue(_ name: String, at node: some SyntaxProtocol) {
    report(.scopeTakingFunctionValue(name, at: file.location(of: node)))
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
