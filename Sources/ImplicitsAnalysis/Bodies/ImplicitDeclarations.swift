import ImplicitsInterface
import SwiftSyntax

/// `@Implicit` variables in bodies: provides (`@Implicit var x = v`,
/// `@Implicit var x: T = v`, `@Implicit(\.k) var x = v`,
/// `@Implicit(T.self) var x = v`, `@Implicit(wrappedValue: v) var x: T`)
/// and reads (`@Implicit var x: T`, `@Implicit(\.k) var x`,
/// `@Implicit(T.self) var x`), with the key each one uses.
extension FileBodyWalker {
  func walkImplicitVariable(_ variable: VariableDeclSyntax, attribute: AttributeSyntax) {
    let location = file.location(of: variable)
    if SyntaxFacts.hasWrapperBeforeImplicit(variable.attributes) {
      report(.wrapperOrder(at: location))
    }
    guard let binding = variable.bindings.first else { return }
    let arguments = SyntaxFacts.implicitArguments(of: attribute)
    let value = binding.initializer?.value ?? arguments.wrappedValue
    let name = SyntaxFacts.boundName(binding.pattern)
    let annotation = binding.typeAnnotation?.type
    if let value {
      walkExpression(value, expecting: annotation.map { resolver.resolve($0, in: typeContext(at: $0)) })
      walkWrapperArguments(of: variable)
      if binding.pattern.is(WildcardPatternSyntax.self) {
        // swiftc drops a property wrapper on a `_` pattern: nothing runs.
        report(.discardedImplicit(at: location))
        return
      }
      let key = provideKey(arguments, annotation: annotation, value: value, name: name, at: variable)
      if let name { environment.current.names[name] = .value(type: key.flatMap { keyValueType($0) }) }
      guard checkProvideAllowed(at: variable) else { return }
      if let key { emit(.provide(key, location)) } else { emit(.provideAnything) }
    } else {
      walkWrapperArguments(of: variable)
      let key = callResolver.keys.readKey(
        arguments, annotation: annotation, context: typeContext(at: binding), location: location, report: report)
      if let name { environment.current.names[name] = .value(type: key.flatMap { keyValueType($0) }) }
      guard let key, checkReadAllowed(at: variable) else { return }
      emit(.read(key, location, what: .implicitVariable))
    }
  }

  /// The type a variable of this key has.
  func keyValueType(_ key: ImplicitKeyRef) -> SemanticType? {
    switch key.kind {
    case .type: return SemanticType.parse(key.spelling, moduleNames: resolver.moduleNames)
    case .named: return callResolver.keys.valueType(of: key, from: file)
    }
  }

  /// The key a provide uses: the one named in the attribute, else the
  /// annotation, else the declared type of the value. Nil after reporting
  /// why there is none.
  private func provideKey(
    _ arguments: SyntaxFacts.ImplicitArguments, annotation: TypeSyntax?, value: ExprSyntax, name: String?,
    at variable: VariableDeclSyntax
  ) -> ImplicitKeyRef? {
    guard arguments.isValid else {
      report(.implicitKeySpelling(at: file.location(of: variable)))
      return nil
    }
    let result: Result<ImplicitKeyRef, KeyResolver.Problem>
    if let keyArgument = arguments.key {
      callResolver.keys.crossModuleKeyPaths(in: keyArgument, file: file).forEach(report)
      guard let found = callResolver.keys.key(ofArgument: keyArgument, in: typeContext(at: keyArgument)) else {
        report(.implicitKeySpelling(at: file.location(of: variable)))
        return nil
      }
      result = found
    } else if let annotation {
      result = callResolver.keys.typeKey(resolver.resolve(annotation, in: typeContext(at: annotation)))
    } else {
      switch inferredKeyType(of: value) {
      case .success(let type): result = callResolver.keys.typeKey(type)
      case .failure(let failure):
        report(.providedKeyNotInferred(failure, variable: name, at: file.location(of: variable)))
        return nil
      }
    }
    switch result {
    case .success(let key): return key
    case .failure(let problem):
      report(problem.diagnostic(at: file.location(of: variable)))
      return nil
    }
  }

  /// The declared type of a provided value, or why there is none.
  private func inferredKeyType(of value: ExprSyntax) -> Result<SemanticType, KeyInferenceFailure> {
    var valueContext = context
    valueContext.expectedType = nil
    if let type = callResolver.type(of: value, context: valueContext, strict: true) {
      if let declared = genericWithoutArguments(in: type) {
        return .failure(.genericWithoutArguments(declared.displayName))
      }
      return .success(type)
    }
    // Say why when the value is an initializer whose failability depends
    // on an argument of unknown type.
    var core = SyntaxFacts.unwrapped(value)
    if let tryExpression = core.as(TryExprSyntax.self) { core = tryExpression.expression }
    if let call = core.as(FunctionCallExprSyntax.self),
      let construction = callResolver.constructedType(call, context: valueContext, recurse: {
        self.callResolver.type(of: $0, context: valueContext)
      }), construction.failable == .unknown
    {
      return .failure(.failabilityUnknown(construction.type.display + CallResolver.Arguments(call).signatureSuffix))
    }
    return .failure(.unknownType)
  }

  /// A generic type of the module named without its arguments anywhere in
  /// `type` (`Box(value: 1)`, `[Box(value: 1)]`): Swift infers them, the
  /// analyzer does not.
  private func genericWithoutArguments(in type: SemanticType) -> TypeSymbol? {
    switch type {
    case .nominal(let nominal):
      if nominal.arguments.isEmpty, let declared = declarations.type(identity: type.lookupIdentity ?? ""),
        !declared.genericParameters.isEmpty
      {
        return declared
      }
      return nominal.arguments.lazy.compactMap { self.genericWithoutArguments(in: $0) }.first
    case .optional(let wrapped): return genericWithoutArguments(in: wrapped)
    case .tuple(let elements): return elements.lazy.compactMap { self.genericWithoutArguments(in: $0.type) }.first
    default: return nil
    }
  }

  // MARK: Rules of use

  /// Reads need a scope: a scope parameter or a local scope of this unit.
  func checkReadAllowed(at node: some SyntaxProtocol) -> Bool {
    if state.unit.hasScopeParameter || environment.hasLocalScope { return true }
    reportMissingScope(at: node, what: "Reading implicits")
    return false
  }

  /// Provides need a local scope opened in this very block, and one opened
  /// in the same undecided `#if` clause when in one.
  func checkProvideAllowed(at node: some SyntaxProtocol) -> Bool {
    if environment.current.opensScope {
      if let region = state.region, state.scopeStack.last?.region != region {
        report(.provideInUndecidedCode(at: file.location(of: node)))
        emit(.provideAnything)
        return false
      }
      return true
    }
    if environment.hasLocalScope || state.unit.hasScopeParameter {
      report(.provideWithoutLocalScope(at: file.location(of: node)))
    } else {
      reportMissingScope(at: node, what: "Providing implicits")
    }
    return false
  }
}
