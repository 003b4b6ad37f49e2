import ImplicitsInterface
import SwiftSyntax

/// Local scopes (`let scope = ImplicitScope()`, `scope.nested()`,
/// `ImplicitScope(with: bag)`, `withScope { scope in … }` in its forms),
/// bags (`#implicits`, `Implicits(capturing:)`) and closures.
extension FileBodyWalker {
  /// `let scope = ImplicitScope()`, `scope.nested()`, `ImplicitScope(with: bag)`.
  struct ScopeCreation {
    enum Kind {
      case root
      case nested
      case bag(ExprSyntax?)
    }

    var kind: Kind
    var binding: PatternBindingSyntax

    init?(_ variable: VariableDeclSyntax) {
      guard variable.bindings.count == 1, let binding = variable.bindings.first,
        let value = binding.initializer?.value, let kind = Self.kind(of: value)
      else { return nil }
      self.kind = kind
      self.binding = binding
    }

    static func kind(of expression: ExprSyntax) -> Kind? {
      guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
      if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), callee.baseName.text == "ImplicitScope" {
        if call.arguments.isEmpty { return .root }
        if call.arguments.count == 1, let first = call.arguments.first, first.label?.text == "with" {
          return first.expression.is(NilLiteralExprSyntax.self) ? .root : .bag(first.expression)
        }
        return nil
      }
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "nested",
        call.arguments.isEmpty, let base = member.base, base.as(DeclReferenceExprSyntax.self) != nil
      {
        return .nested
      }
      return nil
    }
  }

  /// Opens a local scope for the rest of the current block. Returns whether
  /// the statement after it is the `defer { scope.end() }` it owns.
  func openLocalScope(_ creation: ScopeCreation, variable: VariableDeclSyntax, next: CodeBlockItemSyntax?) -> Bool {
    var ownsDefer = false
    if variable.bindingSpecifier.tokenKind != .keyword(.let) || SyntaxFacts.boundName(creation.binding.pattern) != "scope" {
      report(.localScopeSpelling(at: file.location(of: variable)))
    }
    let boundName = SyntaxFacts.boundName(creation.binding.pattern) ?? "scope"
    if let next, let deferStatement = next.item.as(DeferStmtSyntax.self) {
      if Self.isEndCall(deferStatement.body.statements, name: boundName) {
        ownsDefer = true
      } else if deferStatement.body.statements.contains(where: { Self.isEndStatement($0, name: boundName) }) {
        ownsDefer = true
        report(.scopeEndDeferHoldsMore(at: file.location(of: deferStatement)))
      }
    }
    if !ownsDefer {
      report(.scopeEndMissing(at: file.location(of: variable)))
    }
    if state.region != environment.current.region {
      reportScopeInUndecidedCode(at: variable)
    }
    if environment.current.opensScope {
      report(.secondScopeInBlock(at: file.location(of: variable)))
    }
    let scopeExists = state.unit.hasScopeParameter || environment.hasLocalScope
    let kind: LocalScope.Kind
    switch creation.kind {
    case .root:
      if scopeExists {
        report(.redundantRootScope(at: file.location(of: variable)))
      }
      kind = .root
    case .nested:
      if !scopeExists {
        if environment.outerUnitHasScope {
          reportOuterScope(at: variable)
        } else {
          report(.nothingToNest(at: file.location(of: variable)))
        }
      }
      kind = .nested
    case .bag(let argument):
      kind = reopenedBag(argument, at: variable).map { .bag($0) } ?? .unknown
    }
    push(kind, at: file.location(of: variable))
    environment.current.names[boundName] = .scope
    return ownsDefer
  }

  /// A local scope whose block is being walked, with what it holds so far.
  struct OpenScope {
    let kind: LocalScope.Kind
    let location: SourceLocation
    let region: Int?
    /// Where its `LocalScope` goes in the events around it, once made.
    let position: Int
    var events: [Event] = []
  }

  /// Opens a scope, innermost, owned by the current frame.
  private func push(_ kind: LocalScope.Kind, at location: SourceLocation) {
    state.scopeStack.append(OpenScope(kind: kind, location: location, region: state.region, position: pendingEvents.count))
    environment.current.openScopes += 1
    environment.current.opensScope = true
  }

  func reportScopeInUndecidedCode(at node: some SyntaxProtocol) {
    report(.scopeInUndecidedCode(at: file.location(of: node)))
  }

  /// The bag that `ImplicitScope(with: name)` reopens.
  func reopenedBag(_ argument: ExprSyntax?, at node: some SyntaxProtocol) -> Bag? {
    var name: String?
    if let argument {
      if let reference = argument.as(DeclReferenceExprSyntax.self) {
        name = reference.baseName.text
      } else if let member = argument.as(MemberAccessExprSyntax.self), member.base?.trimmedText == "self" {
        name = member.declName.baseName.text
      }
    }
    guard let name else {
      report(.reopenedBagSpelling(at: file.location(of: node)))
      return nil
    }
    if case .bag(let bag) = environment.lookup(name) {
      markReopened(bag)
      return bag
    }
    var type = state.owner
    var visited = Set<String>()
    while let current = type, visited.insert(current.identity).inserted {
      if let bag = current.storedBags.first(where: { $0.name == name }) {
        markReopened(bag)
        return bag
      }
      type = current.superclass?.lookupIdentity.flatMap { declarations.type(identity: $0) }
    }
    report(.unknownBag(name, at: file.location(of: node)))
    return nil
  }

  // MARK: withScope

  /// `withScope { scope in … }`, `withScope(with: bag) { scope in … }` and
  /// `withScope(nesting: scope) { scope in … }`: the closure runs right
  /// here, in a scope of its own. Returns false when the call is not one.
  func visitWithScope(_ call: FunctionCallExprSyntax) -> Bool {
    let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
    guard let closure else { return false }
    let kind: LocalScope.Kind
    if let with = call.arguments.first(where: { $0.label?.text == "with" }) {
      kind = reopenedBag(with.expression, at: call).map { .bag($0) } ?? .unknown
    } else if let nesting = call.arguments.first(where: { $0.label?.text == "nesting" }) {
      if let reference = nesting.expression.as(DeclReferenceExprSyntax.self),
        environment.scopeBinding(reference.baseName.text) == .current
      {
        kind = .nested
      } else if let reference = nesting.expression.as(DeclReferenceExprSyntax.self),
        environment.scopeBinding(reference.baseName.text) == .outer
      {
        reportOuterScope(at: nesting)
        kind = .unknown
      } else {
        report(.withScopeNestingSpelling(at: file.location(of: nesting)))
        kind = .unknown
      }
    } else {
      if state.unit.hasScopeParameter || environment.hasLocalScope {
        report(.redundantWithScope(at: file.location(of: call)))
      }
      kind = .root
    }
    for argument in call.arguments where argument.expression.as(ClosureExprSyntax.self) == nil {
      if argument.label?.text != "with" && argument.label?.text != "nesting" { walkExpression(argument.expression) }
    }
    environment.frames.append(Frame(startsUnit: false, region: state.region))
    push(kind, at: file.location(of: call))
    let parameters = Self.closureParameterNames(closure)
    if let first = parameters.first, first != "_" { environment.current.names[first] = .scope }
    walkStatements(Array(closure.statements))
    closeScopes(of: environment.current)
    environment.frames.removeLast()
    return true
  }

  static func closureParameterNames(_ closure: ClosureExprSyntax) -> [String] {
    switch closure.signature?.parameterClause {
    case .simpleInput(let list): return list.map(\.name.text)
    case .parameterClause(let clause): return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
    case nil: return []
    }
  }

  // MARK: Bags

  /// `let bag = #implicits` or `let bag = Implicits(capturing: …)` in a
  /// body: a bag captured here, reopened by that name.
  func captureBagDeclaration(_ value: ExprSyntax, name: String) -> Bool {
    if let macro = SyntaxFacts.bagMacro(value) {
      let location = file.location(of: macro)
      let bag = Bag(kind: .macro(fileName: file.fileName, line: location.line, column: location.column), location: location, name: name)
      add(bag)
      captureBag(bag, at: macro)
      environment.current.names[name] = .bag(bag)
      return true
    }
    if let call = SyntaxFacts.isExplicitBag(value) {
      callResolver.keys.crossModuleKeyPaths(in: call.arguments, file: file).forEach(report)
      switch callResolver.keys.explicitBagKeys(call, in: typeContext(at: call)) {
      case .success(let keys):
        let bag = Bag(kind: .explicit(keys), location: file.location(of: call), name: name)
        add(bag)
        captureBag(bag, at: call)
        environment.current.names[name] = .bag(bag)
      case .failure(let problem):
        report(problem.problem.diagnostic(at: file.location(of: problem.node)))
      }
      return true
    }
    return false
  }

  /// A bag is created here: what it holds must be available, so there must
  /// be a scope to capture from.
  func captureBag(_ bag: Bag, at node: some SyntaxProtocol) {
    guard state.unit.hasScopeParameter || environment.hasLocalScope else {
      markReopened(bag)  // one error for the bag, not also "unused"
      if environment.outerUnitHasScope {
        reportOuterScope(at: node)
      } else {
        report(.bagCapturedWithoutScope(at: file.location(of: node)))
      }
      return
    }
    markCreatedHere(bag)
    emit(.capture(bag, file.location(of: node)))
  }

  // MARK: Closures

  /// A closure's capture list, evaluated where the closure is written: the
  /// bags it captures (`[implicits = #implicits]`), by the names they bind.
  func walkCaptureList(of closure: ClosureExprSyntax) -> [(String, Bag)] {
    var captured: [(String, Bag)] = []
    for item in SyntaxFacts.elements(of: closure.signature?.capture?.items) {
      guard let value = SyntaxFacts.captureValue(item) else { continue }
      guard let macro = SyntaxFacts.bagMacro(value) else {
        walkExpression(value)
        continue
      }
      let bagName = SyntaxFacts.captureName(item) ?? "implicits"
      let location = file.location(of: macro)
      let bag = Bag(
        kind: .macro(fileName: file.fileName, line: location.line, column: location.column), location: location, name: bagName)
      add(bag)
      captureBag(bag, at: macro)
      captured.append((bagName, bag))
    }
    return captured
  }

  /// A closure is a unit of its own. A `[name = #implicits]` capture
  /// creates a bag here, which the closure reopens.
  func visitClosure(_ closure: ClosureExprSyntax, scopeParameter: Bool = false, name: String? = nil) -> Unit {
    let captured = walkCaptureList(of: closure)
    let unit = makeUnit(
      kind: .closure, name: name ?? "closure in '\(state.unit.displayName)'", hasScopeParameter: scopeParameter)
    withUnit(unit, owner: state.owner, isStatic: state.isStatic) {
      for (name, bag) in captured { environment.current.names[name] = .bag(bag) }
      let scopeIndex = scopeParameter ? Self.closureParameterNames(closure).count - 1 : nil
      bindClosureParameters(closure, types: [], scopeIndex: scopeIndex)
      walkStatements(Array(closure.statements))
      closeScopes(of: environment.current)
    }
    return unit
  }
}
