import SwiftSyntax

/// Whether an expression may be skipped when the statement around it runs:
/// the operand of `try?`, an argument of a call reached through an
/// optional chain (`store?.apply(…)`), the right operand of `&&`, `||` and
/// `??` (autoclosures Swift evaluates only when needed), a branch of a
/// ternary. A provide there (`try? Implicit.map(A.self, to: B.self) { … }`)
/// may not have happened after it, so it provides nothing.
enum ConditionalEvaluation {
  static func mayBeSkipped(_ node: some SyntaxProtocol) -> Bool {
    var child = Syntax(node)
    while let parent = child.parent {
      if parent.is(CodeBlockItemSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(CodeBlockSyntax.self) {
        return false
      }
      if let tryExpression = parent.as(TryExprSyntax.self),
        tryExpression.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
      {
        return true
      }
      if parent.is(UnresolvedTernaryExprSyntax.self) { return true }
      if let ternary = parent.as(TernaryExprSyntax.self), ternary.condition.id != child.id { return true }
      let callee = parent.as(FunctionCallExprSyntax.self)?.calledExpression
        ?? parent.as(SubscriptCallExprSyntax.self)?.calledExpression
      if let callee, callee.id != child.id, CallResolver.hasOptionalChaining(callee) { return true }
      if let list = parent.as(ExprListSyntax.self), followsSkippingOperator(child, in: list) { return true }
      if let infix = parent.as(InfixOperatorExprSyntax.self), infix.rightOperand.id == child.id,
        isSkippingOperator(infix.operator)
      {
        return true
      }
      child = parent
    }
    return false
  }

  /// In an unfolded sequence `a && b`, `a ?? b`, `c ? a : b`: whether an
  /// operator before `element` may skip it.
  private static func followsSkippingOperator(_ element: Syntax, in list: ExprListSyntax) -> Bool {
    for item in list {
      if item.id == element.id { return false }
      if isSkippingOperator(item) || item.is(UnresolvedTernaryExprSyntax.self) { return true }
    }
    return false
  }

  private static func isSkippingOperator(_ expression: some SyntaxProtocol) -> Bool {
    guard let binary = expression.as(BinaryOperatorExprSyntax.self) else { return false }
    return ["&&", "||", "??"].contains(binary.operator.text)
  }
}
