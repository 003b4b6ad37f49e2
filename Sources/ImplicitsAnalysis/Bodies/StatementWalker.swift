import ImplicitsInterface
import SwiftSyntax

/// Statements, blocks and the names they bind.
extension FileBodyWalker {
  func walkBlock(_ items: CodeBlockItemListSyntax) {
    environment.frames.append(Frame(startsUnit: false, region: state.region))
    walkStatements(Array(items), isBlock: true)
    closeScopes(of: environment.current)
    environment.frames.removeLast()
  }

  func closeScopes(of frame: Frame) {
    for _ in 0..<frame.openScopes { closeInnermostScope() }
    frame.openScopes = 0
  }

  /// Walks statements in order. In a whole block (`isBlock`), a `defer`
  /// after which nothing can leave the block runs when the block ends: its
  /// body is walked after the last statement (the `defer`s in reverse
  /// order), in the scope state there; any other `defer` is walked where it
  /// is written, which requires no less. A `defer` written before the
  /// block's local scope runs after that scope's own `defer { scope.end() }`,
  /// and its names are those visible where it is written (a later
  /// `let scope = scope.nested()` does not shadow them).
  func walkStatements(_ items: [CodeBlockItemSyntax], isBlock: Bool = false) {
    declareLocals(items)
    var index = 0
    var consumedDefer: SyntaxIdentifier?
    var atEnd: [(statement: DeferStmtSyntax, openScopes: Int, names: [String: LocalName])] = []
    while index < items.count {
      let item = items[index]
      defer { index += 1 }
      if item.id == consumedDefer { continue }
      if isBlock, case .stmt(let statement) = item.item, let deferStatement = statement.as(DeferStmtSyntax.self),
        !Self.isEndCall(deferStatement.body.statements), !ExitFinder.canLeave(items[(index + 1)...])
      {
        atEnd.append((deferStatement, environment.current.openScopes, environment.current.names))
        continue
      }
      switch item.item {
      case .decl(let decl):
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
          walkIfConfigStatements(ifConfig)
        } else if let variable = decl.as(VariableDeclSyntax.self), let creation = ScopeCreation(variable) {
          let next = index + 1 < items.count ? items[index + 1] : nil
          if openLocalScope(creation, variable: variable, next: next) { consumedDefer = next?.id }
        } else {
          walkLocalDecl(decl)
        }
      case .stmt(let statement):
        walkStatement(statement)
      case .expr(let expression):
        walkExpression(expression)
      }
    }
    for deferred in atEnd.reversed() {
      let frame = environment.current
      while frame.openScopes > deferred.openScopes {
        closeInnermostScope()
        frame.openScopes -= 1
      }
      frame.names = deferred.names
      walkBlock(deferred.statement.body.statements)
    }
  }

  private func walkIfConfigStatements(_ ifConfig: IfConfigDeclSyntax) {
    for (clause, status) in evaluator.statuses(of: ifConfig) where status != .inactive {
      guard case .statements(let statements) = clause.elements else { continue }
      inRegion(undecided: status == .undecided) {
        walkStatements(Array(statements))
      }
    }
  }

  private func walkStatement(_ statement: StmtSyntax) {
    if let guardStatement = statement.as(GuardStmtSyntax.self) {
      walkConditions(guardStatement.conditions)
      walkBlock(guardStatement.body.statements)
      return
    }
    if let deferStatement = statement.as(DeferStmtSyntax.self) {
      if Self.isEndCall(deferStatement.body.statements) {
        report(.scopeEndDeferredElsewhere(at: file.location(of: deferStatement)))
        return
      }
      walkBlock(deferStatement.body.statements)
      return
    }
    if let forStatement = statement.as(ForStmtSyntax.self) {
      walkExpression(forStatement.sequence)
      environment.frames.append(Frame(startsUnit: false, region: state.region))
      let element = callResolver.type(of: forStatement.sequence, context: context)?.unwrapped.element
      bind(forStatement.pattern, type: element)
      if let whereClause = forStatement.whereClause { walkExpression(whereClause.condition) }
      walkBlock(forStatement.body.statements)
      environment.frames.removeLast()
      return
    }
    if let whileStatement = statement.as(WhileStmtSyntax.self) {
      environment.frames.append(Frame(startsUnit: false, region: state.region))
      walkConditions(whileStatement.conditions)
      walkBlock(whileStatement.body.statements)
      environment.frames.removeLast()
      return
    }
    if let repeatStatement = statement.as(RepeatStmtSyntax.self) {
      walkBlock(repeatStatement.body.statements)
      walkExpression(repeatStatement.condition)
      return
    }
    if let doStatement = statement.as(DoStmtSyntax.self) {
      walkBlock(doStatement.body.statements)
      for clause in doStatement.catchClauses {
        environment.frames.append(Frame(startsUnit: false, region: state.region))
        if clause.catchItems.isEmpty { environment.current.names["error"] = .value(type: nil) }
        for item in clause.catchItems {
          if let pattern = item.pattern { bind(pattern, type: nil) }
          // Evaluated when an error reaches the clause, with its names bound.
          if let whereClause = item.whereClause { walkExpression(whereClause.condition) }
        }
        walkBlock(clause.body.statements)
        environment.frames.removeLast()
      }
      return
    }
    if let expressionStatement = statement.as(ExpressionStmtSyntax.self) {
      walkExpression(expressionStatement.expression)
      return
    }
    if let labeled = statement.as(LabeledStmtSyntax.self) {
      walkStatement(labeled.statement)
      return
    }
    if let returnStatement = statement.as(ReturnStmtSyntax.self), let value = returnStatement.expression {
      walkExpression(value, expecting: state.returnType)
      return
    }
    // throw, discard, yield and the rest: their expressions.
    walkChildren(Syntax(statement))
  }

  /// `if`, `guard` and `while` conditions; the names they bind go into the
  /// current frame.
  func walkConditions(_ conditions: ConditionElementListSyntax) {
    for element in conditions {
      switch element.condition {
      case .expression(let expression):
        walkExpression(expression)
      case .optionalBinding(let binding):
        if let value = binding.initializer?.value { walkExpression(value) }
        var type = binding.typeAnnotation.map { resolver.resolve($0.type, in: typeContext(at: $0.type)) }
        if type == nil, let value = binding.initializer?.value {
          type = callResolver.type(of: value, context: context)?.unwrapped
        }
        if type == nil, binding.initializer == nil, let name = SyntaxFacts.boundName(binding.pattern),
          case .value(let outer) = environment.lookup(name)
        {
          type = outer?.unwrapped  // `if let x {`
        }
        bind(binding.pattern, type: type)
      case .matchingPattern(let pattern):
        walkExpression(pattern.initializer.value)
        bind(pattern.pattern, type: nil)
      default:
        walkChildren(Syntax(element))
      }
    }
  }

  /// Binds the names a pattern declares; a single name gets `type`, the
  /// elements of a tuple pattern the elements of a tuple type.
  func bind(_ pattern: PatternSyntax, type: SemanticType?) {
    if let identifier = pattern.as(IdentifierPatternSyntax.self) {
      environment.current.names[identifier.identifier.text] = .value(type: type)
      return
    }
    if let tuple = pattern.as(TuplePatternSyntax.self), case .tuple(let elements)? = type, elements.count == tuple.elements.count {
      for (element, elementType) in zip(tuple.elements, elements) { bind(element.pattern, type: elementType.type) }
      return
    }
    if let binding = pattern.as(ValueBindingPatternSyntax.self) {
      bind(binding.pattern, type: type)
      return
    }
    for (name, _) in SyntaxFacts.boundNames(pattern) {
      environment.current.names[name] = .value(type: nil)
    }
  }

  // MARK: Local declarations

  private func walkLocalDecl(_ decl: DeclSyntax) {
    if let variable = decl.as(VariableDeclSyntax.self) {
      walkLocalVariable(variable)
    } else if let function = decl.as(FunctionDeclSyntax.self) {
      walkLocalFunction(function)
    }
    // Types were declared (and their members built) with the block.
  }

  private func walkLocalVariable(_ variable: VariableDeclSyntax) {
    if let attribute = SyntaxFacts.implicitAttribute(variable.attributes) {
      walkImplicitVariable(variable, attribute: attribute)
      return
    }
    // A `lazy var`'s initializer runs when the variable is first read.
    let deferred = SyntaxFacts.hasModifier(variable.modifiers, .lazy)
      ? "the initializer of 'lazy var \(variable.bindings.first.flatMap { SyntaxFacts.boundName($0.pattern) } ?? "_")'"
      : nil
    for binding in variable.bindings {
      if let annotation = binding.typeAnnotation?.type, SyntaxFacts.isImplicitScopeType(annotation) {
        report(.scopeVariable(at: file.location(of: binding)))
      }
      let declared = binding.typeAnnotation.map { resolver.resolve($0.type, in: typeContext(at: $0.type)) }
      if let value = binding.initializer?.value {
        if let name = SyntaxFacts.boundName(binding.pattern), captureBagDeclaration(value, name: name) { continue }
        if let what = deferred ?? deferringWrapper(of: variable) {
          walkDeferred(value, what: what)
        } else {
          walkExpression(value, expecting: declared)
        }
      }
      // A property wrapper's arguments run where the variable is declared.
      if binding == variable.bindings.first { walkWrapperArguments(of: variable) }
      var type = declared
      if type == nil, let value = binding.initializer?.value {
        var valueContext = context
        valueContext.expectedType = nil
        type = callResolver.type(of: value, context: valueContext)
      }
      bind(binding.pattern, type: type)
      if let accessors = binding.accessorBlock { walkAccessors(accessors) }
    }
  }

  /// The arguments of the property wrappers of a local variable
  /// (`@Clamped(range(for: output, scope)) var volume = …`), other than
  /// `@Implicit`'s: the wrapper is made where the variable is declared.
  func walkWrapperArguments(of variable: VariableDeclSyntax) {
    for element in variable.attributes {
      guard case .attribute(let attribute) = element, case .argumentList(let arguments)? = attribute.arguments,
        !["Implicit", "Implicits.Implicit"].contains(attribute.attributeName.trimmedText)
      else { continue }
      for argument in arguments { walkExpression(argument.expression) }
    }
  }

  static func isEndStatement(_ item: CodeBlockItemSyntax, name: String = "scope") -> Bool {
    guard case .expr(let expression) = item.item, let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "end",
      let base = member.base, SyntaxFacts.isIdentifier(base, name), call.arguments.isEmpty
    else { return false }
    return true
  }

  static func isEndCall(_ items: CodeBlockItemListSyntax, name: String = "scope") -> Bool {
    items.count == 1 && items.first.map { isEndStatement($0, name: name) } == true
  }

  // MARK: Expressions

  func walkExpression(_ expression: ExprSyntax, expecting type: SemanticType? = nil) {
    let saved = expectation
    if let type { expectation = (SyntaxFacts.unwrapped(expression).id, type) }
    ExpressionWalker(builder: self).walk(expression)
    expectation = saved
  }

  func walkChildren(_ node: Syntax) {
    ExpressionWalker(builder: self).walk(node)
  }

  func visitIf(_ node: IfExprSyntax) {
    environment.frames.append(Frame(startsUnit: false, region: state.region))
    walkConditions(node.conditions)
    walkBlock(node.body.statements)
    environment.frames.removeLast()
    switch node.elseBody {
    case .ifExpr(let elseIf): visitIf(elseIf)
    case .codeBlock(let block): walkBlock(block.statements)
    case nil: break
    }
  }

  func visitSwitch(_ node: SwitchExprSyntax) {
    walkExpression(node.subject)
    walkSwitchCases(node.cases)
  }

  private func walkSwitchCases(_ cases: SwitchCaseListSyntax) {
    for element in cases {
      switch element {
      case .switchCase(let switchCase):
        environment.frames.append(Frame(startsUnit: false, region: state.region))
        if case .case(let label) = switchCase.label {
          for item in label.caseItems {
            for (name, _) in SyntaxFacts.boundNames(item.pattern) { environment.current.names[name] = .value(type: nil) }
            if let whereClause = item.whereClause { walkExpression(whereClause.condition) }
          }
        }
        walkBlock(switchCase.statements)
        environment.frames.removeLast()
      case .ifConfigDecl(let ifConfig):
        for (clause, status) in evaluator.statuses(of: ifConfig) where status != .inactive {
          guard case .switchCases(let cases) = clause.elements else { continue }
          inRegion(undecided: status == .undecided) { walkSwitchCases(cases) }
        }
      }
    }
  }
}

/// Whether statements may leave their block before its end: a `return`,
/// `throw`, `break`, `continue`, `fallthrough`, `guard`, or a `try` that may
/// throw, outside the closures and functions they declare.
final class ExitFinder: SyntaxVisitor {
  private var found = false

  static func canLeave(_ items: ArraySlice<CodeBlockItemSyntax>) -> Bool {
    let finder = ExitFinder(viewMode: .sourceAccurate)
    for item in items where !finder.found { finder.walk(item) }
    return finder.found
  }

  private func exit() -> SyntaxVisitorContinueKind {
    found = true
    return .skipChildren
  }

  override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind { exit() }
  override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind { exit() }
  override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind { exit() }
  override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind { exit() }
  override func visit(_ node: FallThroughStmtSyntax) -> SyntaxVisitorContinueKind { exit() }
  override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind { exit() }
  override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
    node.questionOrExclamationMark == nil ? exit() : .visitChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
