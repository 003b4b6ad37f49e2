import ImplicitsInterface
import SwiftSyntax

/// Code that Swift runs later than where it is written: the argument of an
/// `@escaping @autoclosure` parameter, the initial value of a property
/// wrapper whose `init(wrappedValue:)` takes one, the initializer of a
/// `lazy var`. It runs after the scope around it may have ended, so it is
/// an escaping closure in disguise: a unit of its own, without a scope.
extension FileBodyWalker {
  /// Walks `expression` as a unit of its own that receives no scope; `what`
  /// says why in the messages (`the argument of '@escaping @autoclosure'
  /// parameter 'message' of 'debug(_:)'`).
  func walkDeferred(_ expression: ExprSyntax, what: String) {
    let unit = makeUnit(kind: .deferred(what: what), name: what, hasScopeParameter: false)
    withUnit(unit, owner: state.owner, isStatic: state.isStatic) { self.walkExpression(expression) }
  }

  /// For each argument of a call that goes to an `@escaping @autoclosure`
  /// parameter of every function the call may reach (in this module), what
  /// the messages call it. Only callees whose base name declares such a
  /// parameter are resolved.
  func deferredArguments(of call: FunctionCallExprSyntax) -> [Int: String] {
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    let baseName = Self.calleeBaseName(callee)
    guard let baseName,
      namesWithEscapingAutoclosures.contains(baseName) || resolver.upstream.closureTakingBaseNames.contains(baseName)
    else { return [:] }
    let arguments = CallResolver.Arguments(call)
    var deferred: [Int: String] = [:]
    for candidate in candidates(of: call) {
      let parameters = candidate.parameters
      guard let positions = CallResolver.argumentPositions(parameters, arguments) else { continue }
      for (argument, parameter) in positions.enumerated() where parameters[parameter].defersArgument {
        // Upstream records carry labels, not parameter names.
        var name: String?
        if case .local(let symbol) = candidate { name = symbol.parameterTypes[parameter].name } else {
          name = parameters[parameter].label
        }
        deferred[argument] =
          "the argument of '@escaping @autoclosure' parameter \(name.map { "'\($0)' " } ?? "")of '\(displayName(candidate))'"
      }
    }
    return deferred
  }

  /// Whether a local variable's property wrapper (other than `@Implicit`)
  /// may evaluate its initial value later: its `init(wrappedValue:)` takes
  /// an `@escaping @autoclosure`, or the analyzer cannot see the wrapper's
  /// declaration. What the messages call it, if so.
  func deferringWrapper(of variable: VariableDeclSyntax) -> String? {
    guard let attribute = SyntaxFacts.outermostWrapper(variable.attributes) else { return nil }
    let name = attribute.attributeName.trimmedText
    let binding = variable.bindings.first.flatMap { SyntaxFacts.boundName($0.pattern) } ?? "_"
    let type = resolver.resolve(attribute.attributeName, in: typeContext(at: attribute.attributeName))
    // A wrapper of an upstream module analyzed by this tool: its interface
    // records every initializer that takes a closure, an autoclosure among
    // them; one without such a record takes its value as it is.
    if let identity = type.lookupIdentity, declarations.type(identity: identity)?.isDeclaredHere != true,
      resolver.upstream.typeDeclaration(identity: identity) != nil
    {
      let initializers = resolver.upstream.functions(owner: identity, baseName: "init")
        .filter { $0.decl.parameters.first?.label == "wrappedValue" }
      guard let deferring = initializers.first(where: { $0.decl.parameters[0].defersArgument }) else { return nil }
      return "the initial value of '@\(name) var \(binding)' (an '@escaping @autoclosure' of "
        + "'\(displayName(.upstream(deferring)))')"
    }
    guard let identity = type.lookupIdentity, let wrapper = declarations.type(identity: identity), wrapper.isDeclaredHere else {
      return "the initial value of '@\(name) var \(binding)' (the analyzer cannot see the wrapper's "
        + "'init(wrappedValue:)', which may keep it as an '@escaping @autoclosure')"
    }
    let initializers = (wrapper.methods["init"] ?? []).filter { $0.parameters.first?.label == "wrappedValue" }
    guard initializers.contains(where: { $0.parameters[0].defersArgument }) else { return nil }
    return "the initial value of '@\(name) var \(binding)' (an '@escaping @autoclosure' of "
      + "'\(wrapper.displayName).init(wrappedValue:)')"
  }

  /// `debug` in `debug(…)`, `log.debug(…)`, `Log.debug(…)`.
  static func calleeBaseName(_ callee: ExprSyntax) -> String? {
    if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
    if let specialization = callee.as(GenericSpecializationExprSyntax.self) {
      return calleeBaseName(specialization.expression)
    }
    return nil
  }
}
