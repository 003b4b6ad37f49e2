import ImplicitsInterface
import SwiftSyntax

/// Closures that run during the call they are passed to, on the calling
/// thread, so that they may use the scope of the code around them: their
/// reads and calls are the call's, in the scope state at the call. The
/// analyzer knows it for closure parameters of the module's functions that
/// run in place (`InPlaceClosures`), of upstream functions whose interfaces
/// say so, for the standard library's collection methods listed in
/// `StandardClosures`, and for structured concurrency (a task group's body
/// and its child tasks end before the group returns, and inherit the
/// values of the task that runs it). Every other closure escapes.
extension FileBodyWalker {
  /// The closure arguments of a call that run in place, each with the
  /// parameters of the module whose facts it waits for (`InPlaceClosures`).
  func inlineClosures(of call: FunctionCallExprSyntax) -> [SyntaxIdentifier: [ClosureParameter]] {
    let closures = Self.closureArguments(of: call)
    guard !closures.isEmpty else { return [:] }
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    if taskGroupFunction(callee) != nil { return Dictionary(uniqueKeysWithValues: closures.map { ($0.closure.id, []) }) }
    if let baseName = Self.calleeBaseName(callee),
      namesWithClosureParameters.contains(baseName) || resolver.upstream.closureTakingBaseNames.contains(baseName),
      let verdicts = nonEscapingClosures(of: call, closures: closures)
    {
      return verdicts
    }
    guard let method = standardMethod(of: call) else { return [:] }
    let arguments = CallResolver.Arguments(call)
    var inline: [SyntaxIdentifier: [ClosureParameter]] = [:]
    for (argument, closure) in closures where method.runsInPlace(argument: argument, of: arguments) {
      inline[closure.id] = []
    }
    return inline
  }

  /// The standard library's method a member call reaches (`StandardClosures`):
  /// its receiver's type is declared, its labels fit, and no function of the
  /// module or of an upstream interface can take the call; nor may a method
  /// of that name that they add to a standard protocol (`extension Sequence`).
  func standardMethod(of call: FunctionCallExprSyntax) -> StandardClosures.Method? {
    guard let (name, receiver) = standardReceiver(of: call) else { return nil }
    let arguments = CallResolver.Arguments(call)
    guard !candidates(of: call).contains(where: { CallResolver.matches($0.parameters, arguments) }),
      !addsToStandardProtocols(name)
    else { return nil }
    return StandardClosures.method(name, receiver: receiver, arguments: arguments)
  }

  /// A member call's name and receiver type: `items.map { … }`, or `map { … }`
  /// on `self` in a method of an extension of a standard type.
  private func standardReceiver(of call: FunctionCallExprSyntax) -> (String, SemanticType)? {
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
      guard let receiver = callResolver.type(of: base, context: context) else { return nil }
      return (member.declName.baseName.text, receiver)
    }
    guard let reference = callee.as(DeclReferenceExprSyntax.self), environment.lookup(reference.baseName.text) == nil,
      !state.isStatic, let owner = state.owner, !owner.isDeclaredHere
    else { return nil }
    return (reference.baseName.text, context.selfType ?? owner.semanticType)
  }

  /// Whether the module or an upstream interface declares a method named
  /// `name` in an extension of a standard collection protocol.
  private func addsToStandardProtocols(_ name: String) -> Bool {
    let protocols = [
      "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
      "RangeReplaceableCollection",
    ]
    return protocols.contains { owner in
      !(declarations.type(identity: owner)?.methods[name] ?? []).isEmpty
        || !resolver.upstream.functions(owner: owner, baseName: name).isEmpty
    }
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
  /// parameter runs them in place, in every function the call may reach;
  /// nil when no function of the module or upstream takes the call. A
  /// parameter of the module is taken in place when it does not escape,
  /// with itself as the reason, until its facts are known.
  private func nonEscapingClosures(
    of call: FunctionCallExprSyntax, closures: [(argument: Int?, closure: ClosureExprSyntax)]
  ) -> [SyntaxIdentifier: [ClosureParameter]]? {
    let arguments = CallResolver.Arguments(call)
    var verdicts: [SyntaxIdentifier: [ClosureParameter]?] = [:]
    var matched = false
    for candidate in candidates(of: call) {
      let parameters = candidate.parameters
      guard let (positions, trailing) = CallResolver.matchArguments(parameters, arguments) else { continue }
      matched = true
      func reasons(_ index: Int) -> [ClosureParameter]? {
        let parameter = parameters[index]
        switch candidate {
        case .local(let symbol):
          guard parameter.isClosure, !parameter.isEscaping, !parameter.isAutoclosure else { return nil }
          return [ClosureParameter(function: symbol, index: index)]
        case .upstream:
          return parameter.runsDuringCall && !parameter.isAutoclosure ? [] : nil
        }
      }
      // Trailing closures go to the parameters matched to them; without
      // their labels, to the closure parameters after the last labeled one.
      let firstTrailing = (positions.last.map { $0 + 1 }) ?? 0
      let trailingTargets = trailing ?? parameters.indices.dropFirst(firstTrailing).filter { parameters[$0].isClosure }
      var trailingIndex = 0
      for (argument, closure) in closures {
        var verdict: [ClosureParameter]?
        if let argument {
          verdict = reasons(positions[argument])
        } else if let trailing {
          verdict = trailingIndex < trailing.count ? reasons(trailing[trailingIndex]) : nil
          trailingIndex += 1
        } else {
          let all = trailingTargets.map(reasons)
          verdict = all.isEmpty || all.contains { $0 == nil } ? nil : all.flatMap { $0! }
        }
        if let existing = verdicts[closure.id] {
          verdicts[closure.id] = existing.flatMap { known in verdict.map { known + $0 } }
        } else {
          verdicts[closure.id] = verdict
        }
      }
    }
    guard matched else { return nil }
    return verdicts.compactMapValues { $0 }
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
  /// the code around it, in a block of its own; `reasons` are the
  /// parameters of the module it runs in place for (`InPlaceClosures`).
  func walkInlineClosure(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax? = nil, reasons: [ClosureParameter] = []) {
    let captured = walkCaptureList(of: closure)
    environment.frames.append(Frame(startsUnit: false, region: state.region))
    for (name, bag) in captured { environment.current.names[name] = .bag(bag) }
    bindClosureParameters(closure, types: call.map { parameterTypes(ofClosurePassedTo: $0, closure: closure) } ?? [])
    let savedReturnType = state.returnType
    state.returnType = nil
    walkInPlace(closure, callee: call.map { Self.calleeName(SyntaxFacts.unwrapped($0.calledExpression)) } ?? "", reasons: reasons) {
      walkStatements(Array(closure.statements))
      closeScopes(of: environment.current)
    }
    state.returnType = savedReturnType
    environment.frames.removeLast()
  }

  /// What the parameters of a closure passed to a call are, where the
  /// analyzer knows: a collection's elements, a task group.
  private func parameterTypes(ofClosurePassedTo call: FunctionCallExprSyntax, closure: ClosureExprSyntax) -> [SemanticType?] {
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    if let name = taskGroupFunction(callee) { return [StandardClosures.taskGroupFunctions[name]] }
    if let method = standardMethod(of: call), let (_, receiver) = standardReceiver(of: call) {
      return StandardClosures.parameterTypes(of: method, receiver: receiver)
    }
    return moduleClosureParameterTypes(of: call, closure: closure)
  }

  /// The parameter types of the function type a closure goes to, when
  /// every function of the module the call may reach agrees on them.
  private func moduleClosureParameterTypes(of call: FunctionCallExprSyntax, closure: ClosureExprSyntax) -> [SemanticType?] {
    let arguments = CallResolver.Arguments(call)
    let index = call.arguments.firstIndex { $0.expression.id == closure.id }.map { call.arguments.distance(from: call.arguments.startIndex, to: $0) }
    let trailingIndex = Self.closureArguments(of: call).filter { $0.argument == nil }.firstIndex { $0.closure.id == closure.id }
    var agreed: [SemanticType?]?
    for candidate in candidates(of: call) {
      guard case .local(let symbol) = candidate,
        let (positions, trailing) = CallResolver.matchArguments(symbol.parameters, arguments)
      else { continue }
      let parameter: Int?
      if let index {
        parameter = positions[index]
      } else if let trailing, let trailingIndex, trailingIndex < trailing.count {
        parameter = trailing[trailingIndex]
      } else {
        parameter = nil
      }
      let written = parameter.map { symbol.parameterTypes[$0].type }
      guard let written,
        case .function(let parameterTypes, _, _) = resolver.resolve(
          written, in: TypeContext(file: symbol.file, owner: symbol.owner, node: written))
      else { return [] }
      let types = parameterTypes.map { $0.genericName == nil ? $0 : nil }
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
