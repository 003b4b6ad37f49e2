import SwiftSyntax

/// Walks an expression in evaluation order, handing calls, closures,
/// macros, references and the statements nested in expressions (`if`,
/// `switch`) to the builder.
final class ExpressionWalker: SyntaxVisitor {
  unowned let builder: FileBodyWalker

  init(builder: FileBodyWalker) {
    self.builder = builder
    super.init(viewMode: .sourceAccurate)
  }

  func walk(_ expression: ExprSyntax) { walk(Syntax(expression)) }

  func walkChildren(of node: Syntax) {
    for child in node.children(viewMode: .sourceAccurate) { walk(child) }
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitCall(node) ? .skipChildren : .visitChildren
  }

  override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitSubscript(node)
    return .skipChildren
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    _ = builder.visitClosure(node)
    return .skipChildren
  }

  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitMacro(node)
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitReference(node)
    return .skipChildren
  }

  override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitIf(node)
    return .skipChildren
  }

  override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
    builder.visitSwitch(node)
    return .skipChildren
  }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    builder.walkBlock(node.statements)
    return .skipChildren
  }

  override func visit(_ node: PostfixIfConfigExprSyntax) -> SyntaxVisitorContinueKind {
    if let base = node.base { walk(base) }
    for (clause, status) in builder.evaluator.statuses(of: node.config) where status != .inactive {
      guard case .postfixExpression(let expression) = clause.elements else { continue }
      builder.inRegion(undecided: status == .undecided) { walk(expression) }
    }
    return .skipChildren
  }

  // Declarations nested in expressions are not expected; skip their bodies.
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension FileBodyWalker {
  func visitMacro(_ macro: MacroExpansionExprSyntax) {
    guard macro.macroName.text == "implicits" else { return }
    report(.bagMacroOutOfPlace(at: file.location(of: macro)))
  }
}
