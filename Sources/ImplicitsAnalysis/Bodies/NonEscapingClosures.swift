import ImplicitsInterface
import SwiftSyntax

/// Closures that run during the call they are passed to, so that they may
/// use the scope of the code around them: their reads and calls are the
/// call's, in the scope state at the call. Swift makes a closure parameter
/// non-escaping unless it is `@escaping` (or optional); the analyzer knows
/// it for functions declared in the module, for the standard library's
/// collection methods listed in `StandardClosures`, and for structured
/// concurrency (a task group's body and its child tasks end before the
/// group returns, and inherit the values of the task that runs it).
/// Every other closure escapes.
extension BodyBuilder {
  /// The closure arguments of a call that run during it.
  func inlineClosures(of call: FunctionCallExprSyntax) -> Set<SyntaxIdentifier> {
    let closures = Self.closureArguments(of: call)
    guard !closures.isEmpty else { return [] }
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    if taskGroupFunction(callee) != nil { return Set(closures.map(\.closure.id)) }
    if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
      let receiver = callResolver.type(of: base, context: context),
      StandardClosures.runsDuringCall(member.declName.baseName.text, receiver: receiver)
    {
      return Set(closures.map(\.closure.id))
    }
    guard let baseName = Self.calleeBaseName(callee),
      namesWithClosureParameters.contains(baseName) || resolver.upstream.closureTakingBaseNames.contains(baseName)
    else {
      return []
    }
    return nonEscapingClosures(of: call, closures: closures)
  }

  /// `withTaskGroup { … }` and the methods of a task group that add child tasks.
  func isTaskGroupCall(_ call: FunctionCallExprSyntax) -> Bool {
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    if taskGroupFunction(callee) != nil { return true }
    guard let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
      case .nominal(let receiver)? = callResolver.type(of: base, context: context)
    else { return false }
    return StandardClosures.taskGroupFunctions.values.contains(.named(receiver.path))
  }

  /// Closures passed to functions of this module or upstream whose
  /// parameter is a function type without `@escaping` (interfaces record
  /// it), in every function the call may reach.
  private func nonEscapingClosures(
    of call: FunctionCallExprSyntax, closures: [(argument: Int?, closure: ClosureExprSyntax)]
  ) -> Set<SyntaxIdentifier> {
    let arguments = CallResolver.Arguments(call)
    let candidates = candidates(of: call)
    var verdicts: [SyntaxIdentifier: Bool] = [:]
    var matched = false
    for candidate in candidates {
      let parameters = candidate.parameters
      guard let positions = CallResolver.argumentPositions(parameters, arguments) else { continue }
      matched = true
      // Trailing closures go to parameters after the last labeled one.
      let firstTrailing = (positions.last.map { $0 + 1 }) ?? 0
      let trailingTargets = parameters.indices.dropFirst(firstTrailing).filter { parameters[$0].isClosure }
      func runsDuringCall(_ index: Int) -> Bool { parameters[index].runsDuringCall && !parameters[index].isAutoclosure }
      for (argument, closure) in closures {
        let runs: Bool
        if let argument {
          runs = runsDuringCall(positions[argument])
        } else {
          runs = !trailingTargets.isEmpty && trailingTargets.allSatisfy(runsDuringCall)
        }
        verdicts[closure.id] = (verdicts[closure.id] ?? true) && runs
      }
    }
    guard matched else { return [] }
    return Set(verdicts.filter(\.value).keys)
  }

  /// The closures written as arguments of a call: (the argument's index, or
  /// nil for a trailing closure, the closure).
  static func closureArguments(of call: FunctionCallExprSyntax) -> [(argument: Int?, closure: ClosureExprSyntax)] {
    var closures: [(argument: Int?, closure: ClosureExprSyntax)] = []
    for (index, argument) in call.arguments.enumerated() {
      if let closure = argument.expression.as(ClosureExprSyntax.self) { closures.append((index, closure)) }
    }
    if let trailing = call.trailingClosure { closures.append((nil, trailing)) }
    for additional in call.additionalTrailingClosures { closures.append((nil, additional.closure)) }
    return closures
  }

  /// `withTaskGroup(of:)` and its siblings, unless the module declares a
  /// function of that name.
  private func taskGroupFunction(_ callee: ExprSyntax) -> String? {
    guard let reference = callee.as(DeclReferenceExprSyntax.self) else { return nil }
    let name = reference.baseName.text
    guard StandardClosures.taskGroupFunctions[name] != nil, environment.lookup(name) == nil,
      symbols.freeFunctions[name] == nil
    else { return nil }
    return name
  }

  /// Walks a closure that runs during the call it is passed to as part of
  /// the code around it, in a block of its own.
  func walkInlineClosure(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax? = nil) {
    let captured = walkCaptureList(of: closure)
    environment.frames.append(Frame(startsUnit: false, region: state.region))
    for (name, bag) in captured { environment.current.names[name] = .bag(bag) }
    bindClosureParameters(closure, types: call.map { parameterTypes(ofClosurePassedTo: $0, closure: closure) } ?? [])
    let savedReturnType = state.returnType
    state.returnType = nil
    walkStatements(Array(closure.statements))
    closeScopes(of: environment.current)
    state.returnType = savedReturnType
    environment.frames.removeLast()
  }

  /// What the parameters of a closure passed to a call are, where the
  /// analyzer knows: a collection's elements, a task group.
  private func parameterTypes(ofClosurePassedTo call: FunctionCallExprSyntax, closure: ClosureExprSyntax) -> [SemanticType?] {
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    if let name = taskGroupFunction(callee) { return [StandardClosures.taskGroupFunctions[name]] }
    if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
      let receiver = callResolver.type(of: base, context: context)
    {
      let standard = StandardClosures.parameterTypes(of: member.declName.baseName.text, receiver: receiver)
      if !standard.isEmpty { return standard }
    }
    return moduleClosureParameterTypes(of: call, closure: closure)
  }

  /// The parameter types of the function type a closure goes to, when
  /// every function of the module the call may reach agrees on them.
  private func moduleClosureParameterTypes(of call: FunctionCallExprSyntax, closure: ClosureExprSyntax) -> [SemanticType?] {
    let arguments = CallResolver.Arguments(call)
    let index = call.arguments.firstIndex { $0.expression.id == closure.id }.map { call.arguments.distance(from: call.arguments.startIndex, to: $0) }
    var agreed: [SemanticType?]?
    for candidate in candidates(of: call) {
      guard case .local(let symbol) = candidate,
        let positions = CallResolver.argumentPositions(symbol.parameters, arguments)
      else { continue }
      let parameter: Int?
      if let index {
        parameter = positions[index]
      } else {
        // A single trailing closure goes to the last closure parameter.
        parameter = symbol.parameterTypes.indices.last { SyntaxFacts.isClosureType(symbol.parameterTypes[$0].type) }
      }
      guard let parameter,
        let function = SyntaxFacts.typeAttributes(symbol.parameterTypes[parameter].type).base.as(FunctionTypeSyntax.self)
      else { return [] }
      let types = function.parameters.map { element -> SemanticType? in
        let resolved = resolver.resolve(element.type, in: TypeContext(file: symbol.file, owner: symbol.owner, node: element.type))
        return resolved.genericName == nil ? resolved : nil
      }
      if let agreed, agreed != types { return [] }
      agreed = types
    }
    return agreed ?? []
  }

  /// Binds a closure's parameters (and `$0`, `$1`) as values of the types
  /// written in the closure's signature, or else of the given types; the
  /// one at `scopeIndex` (a closure wrapper's last) as the scope.
  func bindClosureParameters(_ closure: ClosureExprSyntax, types: [SemanticType?], scopeIndex: Int? = nil) {
    func type(at index: Int) -> SemanticType? { index < types.count ? types[index] : nil }
    switch closure.signature?.parameterClause {
    case .simpleInput(let list):
      for (index, parameter) in list.enumerated() {
        environment.current.names[parameter.name.text] = index == scopeIndex ? .scope : .value(type: type(at: index))
      }
    case .parameterClause(let clause):
      for (index, parameter) in clause.parameters.enumerated() {
        let written = parameter.type.map { resolver.resolve($0, in: typeContext(at: $0)) }
        environment.current.names[(parameter.secondName ?? parameter.firstName).text] =
          index == scopeIndex ? .scope : .value(type: written ?? type(at: index))
      }
    case nil:
      for index in types.indices { environment.current.names["$\(index)"] = .value(type: types[index]) }
    }
  }

}
