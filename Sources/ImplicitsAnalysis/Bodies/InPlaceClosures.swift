import SwiftSyntax

/// A closure parameter of a function of the module (its index among the
/// function's parameters).
struct ClosureParameter: Hashable {
  let function: FunctionSymbol
  let index: Int

  static func == (lhs: ClosureParameter, rhs: ClosureParameter) -> Bool {
    lhs.function === rhs.function && lhs.index == rhs.index
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(function))
    hasher.combine(index)
  }

  var name: String { function.parameterTypes[index].name }
}

/// Closures that run in place: during the call, on the calling thread, whose
/// scope (the thread's or the task's) they see. Swift's non-escaping says
/// "during the call" only: a function may hand its non-escaping parameter to
/// another thread through `withoutActuallyEscaping` and wait for it. So a
/// non-escaping closure parameter of a function of the module runs in place
/// when each body that may receive it only calls it or hands it on to
/// another such parameter (a parameter of the module that runs in place, of
/// an upstream function whose interface says so, or of the standard
/// library's collection methods); storing it, `withoutActuallyEscaping` or
/// handing it to any other function does not count. A requirement of a
/// protocol that another module may conform to, or a member another module
/// may override, does not run its closures in place.
///
/// The walk decides where closures go before it has seen every body, so a
/// closure passed to such a parameter of the module is taken in place as it
/// is walked, with that parameter as its reason; once every body is built,
/// the facts are solved (`InPlaceFacts`), and a closure taken in place whose
/// reason does not hold is an error if it used the scope around it.
extension FileBodyWalker {
  /// What a use of a closure parameter says about it.
  enum ClosureParameterUse {
    /// Called here, or handed to parameters that run in place, inside
    /// closures that run in place: in place if these parameters are.
    case inPlace(if: [ClosureParameter])
    /// Stored, handed to a function that may run it elsewhere, used as a value.
    case elsewhere
  }

  /// A closure the walk took in place because of module parameters whose
  /// facts were not known yet.
  struct ProvisionalClosure {
    let location: SourceLocation
    let callee: String
    let reasons: [ClosureParameter]
    /// Whether it uses the scope around it (reads, calls, captures, nested scopes).
    let usesScope: Bool
  }

  /// Binds the non-escaping closure parameters of `symbol` in the current frame.
  func bindNonEscapingParameters(of symbol: FunctionSymbol) {
    for (index, parameter) in symbol.parameters.enumerated()
    where parameter.isClosure && !parameter.isEscaping && !parameter.isAutoclosure {
      environment.current.closureParameters[symbol.parameterTypes[index].name] = ClosureParameter(
        function: symbol, index: index)
    }
  }

  /// The closure parameter of the unit being built that `reference` names, if any.
  private func closureParameter(named reference: DeclReferenceExprSyntax) -> (ClosureParameter, inUnit: Bool)? {
    guard reference.argumentNames == nil else { return nil }
    let name = reference.baseName.text
    var crossedUnit = false
    for frame in environment.frames.reversed() {
      if frame.names[name] != nil {
        guard let parameter = frame.closureParameters[name] else { return nil }
        return (parameter, !crossedUnit)
      }
      if frame.startsUnit { crossedUnit = true }
    }
    return nil
  }

  /// Records what a reference to a closure parameter does with it.
  func visitClosureParameterReference(_ reference: DeclReferenceExprSyntax) {
    guard let (parameter, inUnit) = closureParameter(named: reference) else { return }
    let use: ClosureParameterUse
    if !inUnit {
      use = .elsewhere
    } else if let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id {
      use = .inPlace(if: state.inPlaceReasons)
    } else if let argument = reference.parent?.as(LabeledExprSyntax.self),
      let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    {
      use = handing(argument, of: call)
    } else {
      use = .elsewhere
    }
    record.closureParameterUses.append((parameter, use))
  }

  /// A closure parameter passed as an argument: where it goes in every
  /// function the call may reach.
  private func handing(_ argument: LabeledExprSyntax, of call: FunctionCallExprSyntax) -> ClosureParameterUse {
    guard let index = call.arguments.firstIndex(where: { $0.id == argument.id }).map({ call.arguments.distance(from: call.arguments.startIndex, to: $0) })
    else { return .elsewhere }
    let arguments = CallResolver.Arguments(call)
    let matching = candidates(of: call).compactMap { candidate -> (CallResolver.Candidate, [Int])? in
      CallResolver.argumentPositions(candidate.parameters, arguments).map { (candidate, $0) }
    }
    guard !matching.isEmpty else {
      // The standard library's collection methods run their closure in place.
      return standardMethod(of: call)?.runsInPlace(argument: index, of: arguments) == true
        ? .inPlace(if: state.inPlaceReasons) : .elsewhere
    }
    var targets: [ClosureParameter] = []
    for (candidate, positions) in matching {
      let position = positions[index]
      switch candidate {
      case .local(let symbol):
        let parameter = symbol.parameters[position]
        guard parameter.isClosure, !parameter.isEscaping, !parameter.isAutoclosure else { return .elsewhere }
        targets.append(ClosureParameter(function: symbol, index: position))
      case .upstream(let function):
        guard function.decl.parameters[position].runsDuringCall else { return .elsewhere }
      }
    }
    // Several candidates: each must run it in place.
    return .inPlace(if: state.inPlaceReasons + targets)
  }

  /// Walks `body` as code that runs in place because of `reasons` (nothing
  /// pending when empty), and records the closure if it is provisional.
  func walkInPlace(_ closure: ClosureExprSyntax, callee: String, reasons: [ClosureParameter], _ body: () -> Void) {
    guard !reasons.isEmpty else {
      body()
      return
    }
    let events = pendingEvents.count
    state.inPlaceReasons += reasons
    body()
    state.inPlaceReasons.removeLast(reasons.count)
    let added = pendingEvents.dropFirst(events)
    let usesScope = added.contains { event in
      if case .scope(let local) = event, case .root = local.kind { return false }
      return true
    }
    record.provisionalClosures.append(
      ProvisionalClosure(location: file.location(of: closure), callee: callee, reasons: reasons, usesScope: usesScope))
  }
}
