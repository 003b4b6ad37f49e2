import SwiftSyntax

/// Records, when the request asks (`recordsResolutions`), what the walk
/// decided at each call and closure argument (`ResolutionLog`): for a call
/// that passes a scope, the resolution that made its events; for any other
/// call, what the same resolution gives (it decides which closures run in
/// place and the types of results, and a scope may be passed there
/// tomorrow).
extension FileBodyWalker {
  /// A scope-passing call's resolution, as `resolveAndEmit` decided it.
  func recordResolution(of call: FunctionCallExprSyntax, passesScope: Bool, target: ResolutionLog.Target) {
    guard recordsResolutions else { return }
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    let name = Self.calleeNode(callee) ?? Syntax(callee)
    let location = file.location(of: name)
    var offsets = [name.positionAfterSkippingLeadingTrivia.utf8Offset]
    let start = callee.positionAfterSkippingLeadingTrivia.utf8Offset
    if start != offsets[0] { offsets.append(start) }
    record.resolvedCalls.append(
      ResolutionLog.Call(
        file: file.path, offsets: offsets, line: location.line, column: location.column,
        name: Self.calleeName(callee) + CallResolver.Arguments(call).signatureSuffix, passesScope: passesScope,
        target: target))
  }

  /// What the resolution of a call that passes no scope gives.
  func recordResolution(of call: FunctionCallExprSyntax, context: CallResolver.Context) {
    guard recordsResolutions else { return }
    let arguments = CallResolver.Arguments(call)
    let candidates = callResolver.candidates(callee: call.calledExpression, context: context)
    let target: ResolutionLog.Target
    if candidates.isEmpty {
      target = receiverIsKnown(call.calledExpression, context: context) ? .outside : .unknown
    } else {
      let matching = candidates.filter { CallResolver.matches($0.parameters, arguments) }
      let narrowed = callResolver.narrowByArgumentTypes(
        matching, arguments: arguments, expressions: call.arguments.map(\.expression), context: context)
      switch callResolver.select(narrowed, arguments: arguments) {
      case .unresolved: target = .outside
      case .ambiguous: target = .ambiguous
      case .resolved(let found): target = Self.target(found[0])
      }
    }
    recordResolution(of: call, passesScope: false, target: target)
  }

  /// Whether the closures written as arguments of `call` run in place.
  func recordClosures(of call: FunctionCallExprSyntax, inPlace: Set<SyntaxIdentifier>) {
    guard recordsResolutions else { return }
    let rule = isTaskGroupCall(call) ? "task-group" : nil
    for (_, closure) in Self.closureArguments(of: call) {
      let location = file.location(of: closure)
      record.closureVerdicts.append(
        ResolutionLog.Closure(
          file: file.path, offset: closure.positionAfterSkippingLeadingTrivia.utf8Offset, line: location.line,
          column: location.column, inPlace: inPlace.contains(closure.id), rule: rule))
    }
  }

  static func target(_ candidate: CallResolver.Candidate) -> ResolutionLog.Target {
    switch candidate {
    case .local(let symbol): .declaration(file: symbol.file.path, end: Self.lastTokenOffset(of: symbol.declaration))
    case .upstream(let function): .upstream(module: function.module, key: function.decl.overloadKey)
    }
  }

  static func lastTokenOffset(of node: some SyntaxProtocol) -> Int {
    (node.lastToken(viewMode: .sourceAccurate)?.positionAfterSkippingLeadingTrivia ?? node.position).utf8Offset
  }

  /// A callee without a receiver, or whose receiver is a type, a module or
  /// a value whose type the analysis knows.
  private func receiverIsKnown(_ callee: ExprSyntax, context: CallResolver.Context) -> Bool {
    guard let member = SyntaxFacts.unwrapped(callee).as(MemberAccessExprSyntax.self), let base = member.base else {
      return true
    }
    if SyntaxFacts.dottedPath(base) != nil, resolver.type(fromExpression: base, in: context.typeContext) != nil { return true }
    if let reference = base.as(DeclReferenceExprSyntax.self), resolver.isModuleName(reference.baseName.text) { return true }
    return callResolver.type(of: base, context: context) != nil
  }
}

extension BodiesStage {
  /// Every method of a class of the module with the overrides the analysis
  /// finds for it, once every body is built.
  func recordOverrides() {
    guard recordsResolutions else { return }
    for function in declarations.functions where function.owner?.kind == .class {
      for override in overridesInModule(of: function) {
        checks.overridePairs.append(
          ResolutionLog.Override(
            file: function.file.path, end: FileBodyWalker.lastTokenOffset(of: function.declaration), overrideFile: override.file.path,
            overrideEnd: FileBodyWalker.lastTokenOffset(of: override.declaration)))
      }
    }
  }
}
