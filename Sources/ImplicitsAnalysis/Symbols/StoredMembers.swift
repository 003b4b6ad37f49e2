import ImplicitsInterface
import SwiftSyntax

/// Stored `@Implicit` properties and stored bags of types, and the rule
/// that a type holding them declares an initializer that takes a scope.
struct StoredMembers {
  let collector: MemberCollector

  private var symbols: ModuleSymbols { collector.symbols }

  func collectStoredImplicit(
    variable: VariableDeclSyntax, binding: PatternBindingSyntax, attribute: AttributeSyntax, name: String,
    owner: TypeSymbol, file: ParsedFile, isStatic: Bool
  ) {
    let location = file.location(of: variable)
    if SyntaxFacts.hasWrapperBeforeImplicit(variable.attributes) {
      collector.error(.wrapperOrder, "@Implicit must be the outermost property wrapper", at: location)
    }
    if isStatic {
      collector.error(.storedImplicits, "A static @Implicit property is not supported: read implicits in a scope-taking function", at: location)
      return
    }
    let arguments = SyntaxFacts.implicitArguments(of: attribute)
    if binding.initializer != nil || arguments.wrappedValue != nil {
      collector.error(.storedImplicits,
        "A stored @Implicit property has no initial value: it is read when the object is initialized", at: location)
      return
    }
    let context = collector.context(file: file, owner: owner, node: binding)
    guard let key = readKey(arguments, annotation: binding.typeAnnotation?.type, context: context, location: location)
    else { return }
    owner.storedImplicits.append(StoredImplicit(key: key, propertyName: name, location: location))
  }

  /// The key a read (`@Implicit var x: T`, `@Implicit(\.k) var x`,
  /// `@Implicit(T.self) var x`) uses, or nil after reporting why there is none.
  func readKey(
    _ arguments: SyntaxFacts.ImplicitArguments, annotation: TypeSyntax?, context: TypeContext, location: SourceLocation
  ) -> ImplicitKeyRef? {
    guard arguments.isValid else {
      collector.error(.keySpelling, "@Implicit takes a named key as '\\.name' or a type as 'T.self'", at: location)
      return nil
    }
    let result: Result<ImplicitKeyRef, KeyResolver.Failure>
    if let keyArgument = arguments.key {
      guard let found = collector.keys.key(ofArgument: keyArgument, in: context) else {
        collector.error(.keySpelling, "@Implicit takes a named key as '\\.name' or a type as 'T.self'", at: location)
        return nil
      }
      result = found
    } else if let annotation {
      var annotationContext = context
      annotationContext.node = Syntax(annotation)
      result = collector.keys.typeKey(collector.resolver.resolve(annotation, in: annotationContext))
    } else {
      collector.error(.keyInference, "Unable to infer implicit key: add a type annotation", at: location)
      return nil
    }
    switch result {
    case .success(let key): return key
    case .failure(.message(let rule, let message)):
      collector.error(rule, message, at: location)
      return nil
    }
  }

  func collectStoredBag(
    value: ExprSyntax, binding: PatternBindingSyntax, name: String, owner: TypeSymbol, file: ParsedFile, isStatic: Bool
  ) {
    let bag: Bag
    if let macro = SyntaxFacts.bagMacro(value) {
      let location = file.location(of: macro)
      bag = collector.makeBag(.macro(fileName: file.fileName, line: location.line, column: location.column), location, name)
    } else if let call = SyntaxFacts.isExplicitBag(value) {
      switch collector.keys.explicitBagKeys(call, in: collector.context(file: file, owner: owner, node: call)) {
      case .success(let keys):
        bag = collector.makeBag(.explicit(keys), file.location(of: call), name)
      case .failure(let problem):
        collector.error(problem.rule, problem.message, at: file.location(of: problem.node))
        return
      }
    } else {
      return
    }
    if isStatic {
      collector.error(.storedImplicits, "A bag cannot be a static property: it is captured when an object is initialized", at: bag.location)
      return
    }
    owner.storedBags.append(bag)
    collector.bagsByBinding[binding.id] = bag
    if owner.storedBags.count == 2 {
      collector.error(.storedImplicits,
        "Type '\(owner.displayName)' has more than one stored bag; keep one 'let implicits = #implicits'", at: bag.location)
    }
  }

  func checkInitializers(of type: TypeSymbol) {
    guard !type.storedImplicits.isEmpty || !type.storedBags.isEmpty, let location = type.location else { return }
    let initializers = type.methods["init"] ?? []
    guard !initializers.contains(where: \.isScopeTaking) else { return }
    // A class that declares no initializer inherits its superclass's: a
    // scope-taking one initializes the stored implicits from that scope.
    if type.kind == .class, initializers.isEmpty, inheritsScopeTakingInitializer(type) { return }
    let what = type.storedImplicits.isEmpty ? "a stored bag" : "stored @Implicit properties"
    collector.error(.storedImplicits,
      "Type '\(type.displayName)' has \(what) but no initializer that takes an ImplicitScope; "
        + "declare 'init(_ scope: ImplicitScope)' (the memberwise initializer cannot take one)",
      at: location)
  }

  /// Whether the nearest superclass that declares initializers has one that
  /// takes a scope (here or upstream).
  func inheritsScopeTakingInitializer(_ type: TypeSymbol) -> Bool {
    var visited: Set<String> = [type.identity]
    var current = type.superclass
    while let superclass = current, let identity = superclass.lookupIdentity, visited.insert(identity).inserted {
      if let local = symbols.typesByIdentity[identity], local.isDeclaredHere {
        let initializers = local.methods["init"] ?? []
        if !initializers.isEmpty { return initializers.contains(where: \.isScopeTaking) }
        current = local.superclass
        continue
      }
      return collector.resolver.upstream.functions(owner: identity, baseName: "init").contains {
        $0.decl.parameters.contains(where: \.isScope)
      }
    }
    return false
  }
}
