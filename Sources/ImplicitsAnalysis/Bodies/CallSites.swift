import ImplicitsInterface
import SwiftSyntax

/// Calls: the forms the analyzer knows (`withScope`, `Implicit.map`, closure
/// wrappers, bags), and calls that pass a scope, resolved to the function
/// they reach.
extension FileBodyWalker {
  /// Handles a call; returns whether its children were walked already.
  func visitCall(_ call: FunctionCallExprSyntax) -> Bool {
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    if let path = SyntaxFacts.dottedPath(callee), path == ["withScope"] || path == ["Implicits", "withScope"],
      environment.lookup("withScope") == nil, symbols.freeFunctions["withScope"] == nil
    {
      if visitWithScope(call) { return true }
    }
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "map",
      let base = member.base, ["Implicit", "Implicits.Implicit"].contains(base.trimmedText)
    {
      visitMap(call)
      return true
    }
    if ScopeCreation.kind(of: ExprSyntax(call)) != nil {
      report(.scopeCreatedInExpression(at: file.location(of: call)))
      return true
    }
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "end",
      let base = member.base?.as(DeclReferenceExprSyntax.self), environment.scopeBinding(base.baseName.text) != nil,
      call.arguments.isEmpty
    {
      report(.scopeEndOutsideDefer(at: file.location(of: call)))
      return true
    }
    if SyntaxFacts.isExplicitBag(ExprSyntax(call)) != nil {
      callResolver.keys.crossModuleKeyPaths(in: call.arguments, file: file).forEach(report)
      switch callResolver.keys.explicitBagKeys(call, in: typeContext(at: call)) {
      case .success(let keys):
        let bag = Bag(kind: .explicit(keys), location: file.location(of: call), name: "")
        add(bag)
        markReopened(bag)  // not reopened by name; never reported unused
        captureBag(bag, at: call)
      case .failure(let problem):
        report(problem.problem.diagnostic(at: file.location(of: problem.node)))
      }
      return false
    }
    if let wrapper = closureWrapperName(callee), visitClosureWrapper(call, name: wrapper) { return true }
    // `{ … }()`: runs right here.
    if let closure = callee.as(ClosureExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
      walkInlineClosure(closure)
      return true
    }
    // Arguments first: their calls happen before this one.
    walkArguments(of: call)
    // Nested functions that run in their caller's scope: every overload
    // the arguments may reach.
    if let reference = callee.as(DeclReferenceExprSyntax.self),
      case .functions(let overloads)? = environment.lookup(reference.baseName.text)
    {
      let arguments = CallResolver.Arguments(call)
      let matching = callResolver.narrowByArgumentTypes(
        overloads.map { .local($0) }.filter { CallResolver.matches($0.parameters, arguments) }, arguments: arguments,
        expressions: call.arguments.map(\.expression), context: context)
      let nested = matching.compactMap { candidate -> FunctionSymbol? in
        if case .local(let symbol) = candidate, symbol.runsInCallersScope { return symbol }
        return nil
      }
      if !nested.isEmpty, nested.count == matching.count {
        recordResolution(of: call, passesScope: false, target: nested.count == 1 ? Self.target(.local(nested[0])) : .ambiguous)
        for symbol in nested { visitCallInCallersScope(symbol, call: call) }
        return true
      }
    }
    var callContext = context
    if let expectation, expectation.node == call.id { callContext.expectedType = expectation.type }
    guard let scopeArgument = scopeArgumentIndex(call.arguments) else {
      recordResolution(of: call, context: callContext)
      return true
    }
    let arguments = CallResolver.Arguments(call)
    let candidates = callResolver.candidates(callee: call.calledExpression, context: callContext)
    let constructed = candidates.contains(where: \.isInitializer)
      ? callResolver.constructedType(call, context: callContext, recurse: { self.callResolver.type(of: $0, context: callContext) })?.type
      : nil
    resolveAndEmit(
      candidates, arguments: arguments, scopeArgument: scopeArgument,
      name: Self.calleeName(callee) + arguments.signatureSuffix, at: Self.calleeNode(callee) ?? Syntax(call),
      constructed: constructed, expressions: call.arguments.map(\.expression),
      staticDispatch: callee.as(MemberAccessExprSyntax.self)?.base?.is(SuperExprSyntax.self) == true, call: call,
      dynamicallyConstructed: callResolver.metatypeInstance(constructedBy: callee, context: callContext))
    return true
  }

  /// The callee and the arguments of a call, in order; an argument that
  /// Swift evaluates later (`@escaping @autoclosure`) as code of its own, a
  /// closure that runs during the call as part of this code.
  private func walkArguments(of call: FunctionCallExprSyntax) {
    let deferred = deferredArguments(of: call)
    let inline = inlineClosures(of: call)
    recordClosures(of: call, inPlace: Set(inline.keys))
    guard !deferred.isEmpty || !inline.isEmpty else {
      ExpressionWalker(builder: self).walkChildren(of: Syntax(call))
      return
    }
    walkExpression(call.calledExpression)
    for (index, argument) in call.arguments.enumerated() {
      if let what = deferred[index] {
        walkDeferred(argument.expression, what: what)
      } else if let closure = argument.expression.as(ClosureExprSyntax.self), let reasons = inline[closure.id] {
        walkInlineClosure(closure, call: call, reasons: reasons)
      } else {
        walkExpression(argument.expression)
      }
    }
    let trailing = [call.trailingClosure].compactMap { $0 } + call.additionalTrailingClosures.map(\.closure)
    for closure in trailing {
      if let reasons = inline[closure.id] {
        walkInlineClosure(closure, call: call, reasons: reasons)
      } else {
        _ = visitClosure(closure)
      }
    }
  }

  func visitSubscript(_ call: SubscriptCallExprSyntax) {
    ExpressionWalker(builder: self).walkChildren(of: Syntax(call))
    guard let scopeArgument = scopeArgumentIndex(call.arguments) else { return }
    let arguments = CallResolver.Arguments(
      labels: call.arguments.map { $0.label?.text },
      trailingClosures: (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count)
    var candidates: [CallResolver.Candidate] = []
    if let type = callResolver.type(of: call.calledExpression, context: context)?.unwrapped {
      candidates = callResolver.methods(of: type, named: "subscript", wantStatic: false, from: file)
    }
    resolveAndEmit(
      candidates, arguments: arguments, scopeArgument: scopeArgument, name: "subscript" + arguments.signatureSuffix,
      at: Syntax(call), expressions: call.arguments.map(\.expression))
  }

  /// The position of the argument that is a scope, if any: a name bound to
  /// a scope, or `scope` bound to nothing at all (code that forgot to take
  /// one: the rule that says so is clearer than the compiler's error).
  private func scopeArgumentIndex(_ arguments: LabeledExprListSyntax) -> Int? {
    for (index, argument) in arguments.enumerated() {
      guard let reference = argument.expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else {
        continue
      }
      let name = reference.baseName.text
      if environment.scopeBinding(name) != nil { return index }
      if name == "scope", environment.lookup(name) == nil,
        !(state.owner.map { callResolver.property(of: $0.semanticType, named: name, from: file) != nil } ?? false),
        symbols.globalProperty(name, from: file) == nil
      {
        return index
      }
    }
    return nil
  }

  /// Emits the call to the function a scope-passing call reaches, or
  /// reports why it cannot be followed.
  private func resolveAndEmit(
    _ candidates: [CallResolver.Candidate], arguments: CallResolver.Arguments, scopeArgument: Int, name: String,
    at node: Syntax, constructed: SemanticType? = nil, expressions: [ExprSyntax]? = nil, staticDispatch: Bool = false,
    call: FunctionCallExprSyntax? = nil, dynamicallyConstructed: SemanticType? = nil
  ) {
    func record(_ target: ResolutionLog.Target) {
      if let call { recordResolution(of: call, passesScope: true, target: target) }
    }
    guard scopeArgumentAllowed(at: node) else {
      record(.unresolved)
      return
    }
    // Candidates whose scope parameter receives the scope.
    let matching = candidates.filter { candidate in
      guard let positions = CallResolver.argumentPositions(candidate.parameters, arguments) else { return false }
      return positions[scopeArgument] == candidate.scopeParameterIndex
    }
    if matching.isEmpty, let other = candidates.first(where: { CallResolver.matches($0.parameters, arguments) }) {
      record(.unresolved)
      report(
        .scopeNotTaken(by: displayName(other), takesScopeElsewhere: other.scopeParameterIndex != nil, at: file.location(of: node)))
      return
    }
    let narrowed = expressions.map {
      callResolver.narrowByArgumentTypes(matching, arguments: arguments, expressions: $0, context: context)
    } ?? matching
    switch callResolver.select(narrowed, arguments: arguments) {
    case .unresolved:
      record(.unresolved)
      report(
        .unresolvedSymbol(
          name, importsWithoutInterface: resolver.upstream.importsWithoutInterface(symbols.imports, moduleName: symbols.moduleName),
          module: symbols.moduleName, at: file.location(of: node)))
    case .ambiguous(let candidates):
      record(.ambiguous)
      report(
        .ambiguousCall(
          name,
          candidates: candidates.map { candidate in
            switch candidate {
            case .local(let symbol): .candidate(symbol)
            case .upstream(let function): .candidate(function, at: file.location(of: node))
            }
          }, at: file.location(of: node)))
    case .resolved(let candidates):
      record(Self.target(candidates[0]))
      let location = file.location(of: node)
      var units: [Unit] = []
      for candidate in candidates {
        switch candidate {
        case .local(let symbol):
          guard let unit = unit(for: symbol) else { continue }
          units.append(unit)
          if symbol.kind == .initializer, let owner = symbol.owner, let constructed {
            emitInheritedInitializerReads(constructed: constructed, declaredIn: owner, at: location)
          }
          if symbol.kind == .initializer, let owner = symbol.owner, dynamicallyConstructed != nil {
            units += subclassInitializers(of: symbol, in: owner, at: location)
          }
        case .upstream(let function):
          emit(.call(CallEvent(target: .upstream(function), location: location, calleeName: displayName(candidate))))
        }
      }
      guard !units.isEmpty else { return }
      for unit in units { markCalled(unit) }
      emit(
        .call(
          CallEvent(target: units.count == 1 ? .unit(units[0]) : .units(units), location: location, calleeName: units[0].displayName)))
      // A call of an overridable method may run any override (not through `super`).
      guard !staticDispatch else { return }
      for case .local(let symbol) in candidates where symbol.declaredImplicits == nil {
        let overrides = overrides(of: symbol)
        for override in overrides {
          guard let unit = unit(for: override) else { continue }
          markCalled(unit)
          emit(.call(CallEvent(target: .unit(unit), location: location, calleeName: override.displayName)))
        }
        recordDispatch(of: symbol, at: location, reaching: overrides)
      }
    }
  }

  /// `value.init(…)` through a metatype value may construct any subclass
  /// of `owner` in the module: the units of the initializers those
  /// subclasses declare with the same labels (a `required init`), and the
  /// reads of the stored implicits of those that inherit one.
  private func subclassInitializers(of initializer: FunctionSymbol, in owner: TypeSymbol, at location: SourceLocation) -> [Unit] {
    let labels = initializer.parameters.map(\.label)
    var units: [Unit] = []
    for type in declarations.types.sorted(by: { $0.identity < $1.identity })
    where type.kind == .class && type.identity != owner.identity && callResolver.conformanceClosure(of: type.semanticType).contains(owner.identity) {
      // The initializer the subclass runs: its own, or the nearest superclass's.
      var current: TypeSymbol? = type
      while let declaring = current, declaring.identity != owner.identity {
        if let own = (declaring.methods["init"] ?? []).first(where: { $0.parameters.map(\.label) == labels }) {
          if declaring === type, let unit = unit(for: own) { units.append(unit) }
          if declaring !== type { emitInheritedInitializerReads(constructed: type.semanticType, declaredIn: declaring, at: location) }
          break
        }
        current = declaring.superclass?.lookupIdentity.flatMap { declarations.type(identity: $0) }
      }
      if current?.identity == owner.identity {
        emitInheritedInitializerReads(constructed: type.semanticType, declaredIn: owner, at: location)
      }
    }
    return units
  }

  /// An initializer inherited from `owner` that constructs a subclass
  /// initializes the stored implicits and bags of the subclasses in
  /// between from the scope it receives.
  private func emitInheritedInitializerReads(constructed: SemanticType, declaredIn owner: TypeSymbol, at location: SourceLocation) {
    var current: SemanticType? = constructed
    var visited = Set<String>()
    while let type = current, let identity = type.lookupIdentity, identity != owner.identity,
      visited.insert(identity).inserted, let subclass = declarations.type(identity: identity)
    {
      for stored in subclass.storedImplicits {
        emit(.read(stored.key, location, what: .storedProperty(name: stored.propertyName, owner: subclass.displayName)))
      }
      for bag in subclass.storedBags {
        markCreatedHere(bag)
        emit(.capture(bag, location))
      }
      current = subclass.superclass
    }
  }

  func displayName(_ candidate: CallResolver.Candidate) -> String {
    switch candidate {
    case .local(let symbol): return symbol.displayName
    case .upstream(let function):
      let decl = function.decl
      let owner = decl.owner.map { SemanticType.parse($0, moduleNames: resolver.moduleNames).display + "." } ?? ""
      return owner + decl.signature
    }
  }

  // MARK: Closure wrappers

  /// `withNameImplicits`: any name between `with` and `Implicits`, when the
  /// module declares no function of that name.
  private func closureWrapperName(_ callee: ExprSyntax) -> String? {
    guard let reference = callee.as(DeclReferenceExprSyntax.self) else { return nil }
    let name = reference.baseName.text
    guard name.hasPrefix("with"), name.hasSuffix("Implicits"), name.count > "withImplicits".count,
      environment.lookup(name) == nil, symbols.freeFunctions[name] == nil,
      resolver.upstream.functions(owner: nil, baseName: name).isEmpty
    else { return nil }
    return name
  }

  /// `withNameImplicits { a, b, scope in … }`: the generated function
  /// captures, where it is called, exactly what the closure requires, and
  /// returns a closure of the other parameters that reopens them.
  private func visitClosureWrapper(_ call: FunctionCallExprSyntax, name: String) -> Bool {
    let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
    guard let closure, call.arguments.count <= (call.trailingClosure == nil ? 1 : 0) else { return false }
    let parameters = Self.closureParameterNames(closure)
    guard !parameters.isEmpty else {
      report(.closureWrapperWithoutScope(name, at: file.location(of: closure)))
      return true
    }
    let unit = visitClosure(closure, scopeParameter: true, name: "closure passed to '\(name)'")
    let location = file.location(of: call)
    if let existing = closureWrappers[name] {
      report(.duplicateClosureWrapper(name, firstUse: existing.location, at: location))
      return true
    }
    let wrapper = ClosureWrapper(name: name, argumentCount: parameters.count - 1, unit: unit, location: location)
    closureWrappers[name] = wrapper
    record.closureWrappers.append(wrapper)
    guard scopeArgumentAllowed(at: Syntax(call), what: "Calling a closure wrapper") else { return true }
    markCalled(unit)
    emit(.call(CallEvent(target: .unit(unit), location: location, calleeName: name)))
    return true
  }

  // MARK: Implicit.map

  /// `Implicit.map(Source, to: Target) { … }`: reads the source, provides
  /// the target.
  private func visitMap(_ call: FunctionCallExprSyntax) {
    for argument in call.arguments {
      if let closure = argument.expression.as(ClosureExprSyntax.self) { _ = visitClosure(closure) }
    }
    if let closure = call.trailingClosure { _ = visitClosure(closure) }
    let arguments = Array(call.arguments)
    let location = file.location(of: call)
    callResolver.keys.crossModuleKeyPaths(in: call.arguments, file: file).forEach(report)
    guard arguments.count >= 2, arguments[0].label == nil, arguments[1].label?.text == "to",
      let sourceResult = callResolver.keys.key(ofArgument: arguments[0].expression, in: typeContext(at: arguments[0])),
      let targetResult = callResolver.keys.key(ofArgument: arguments[1].expression, in: typeContext(at: arguments[1]))
    else {
      report(.mapKeySpelling(at: location))
      emit(.provideAnything)
      return
    }
    switch sourceResult {
    case .success(let source):
      if checkReadAllowed(at: call) { emit(.read(source, location, what: .implicitMap)) }
    case .failure(let problem):
      report(problem.diagnostic(at: file.location(of: arguments[0])))
    }
    switch targetResult {
    case .success(let target):
      // A map that may be skipped (`try?`, `a?.f(…)`, `x ?? …`) provides nothing after it.
      if checkProvideAllowed(at: call), !ConditionalEvaluation.mayBeSkipped(call) { emit(.provide(target, location)) }
    case .failure(let problem):
      report(problem.diagnostic(at: file.location(of: arguments[1])))
      emit(.provideAnything)
    }
  }

  // MARK: Names

  static func calleeName(_ callee: ExprSyntax) -> String {
    if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = callee.as(MemberAccessExprSyntax.self) {
      if let base = member.base, let path = SyntaxFacts.dottedPath(base), path.first?.first?.isUppercase == true {
        return path.joined(separator: ".") + "." + member.declName.baseName.text
      }
      return member.declName.baseName.text
    }
    if let specialization = callee.as(GenericSpecializationExprSyntax.self) {
      return calleeName(specialization.expression)
    }
    return callee.trimmedText
  }

  static func calleeNode(_ callee: ExprSyntax) -> Syntax? {
    if let member = callee.as(MemberAccessExprSyntax.self) { return Syntax(member.declName) }
    return Syntax(callee)
  }
}
