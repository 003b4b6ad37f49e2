import ImplicitsInterface
import SwiftSyntax

/// Stored `@Implicit` properties and stored bags of types, and the rule
/// that a type holding them declares an initializer that takes a scope.
struct StoredMembers {
  let collector: MemberCollector

  func collectStoredImplicit(
    variable: VariableDeclSyntax, binding: PatternBindingSyntax, attribute: AttributeSyntax, name: String,
    owner: TypeSymbol, file: ParsedFile, isStatic: Bool
  ) {
    let location = file.location(of: variable)
    if SyntaxFacts.hasWrapperBeforeImplicit(variable.attributes) {
      collector.report(.wrapperOrder(at: location))
    }
    if isStatic {
      collector.report(.staticStoredImplicit(at: location))
      return
    }
    let arguments = SyntaxFacts.implicitArguments(of: attribute)
    if binding.initializer != nil || arguments.wrappedValue != nil {
      collector.report(.storedImplicitWithValue(at: location))
      return
    }
    let context = collector.context(file: file, owner: owner, node: binding)
    guard
      let key = collector.keys.readKey(
        arguments, annotation: binding.typeAnnotation?.type, context: context, location: location, report: collector.report)
    else { return }
    owner.storedImplicits.append(StoredImplicit(key: key, propertyName: name, location: location))
  }

  func collectStoredBag(
    value: ExprSyntax, binding: PatternBindingSyntax, name: String, owner: TypeSymbol, file: ParsedFile, isStatic: Bool
  ) {
    let bag: Bag
    if let macro = SyntaxFacts.bagMacro(value) {
      let location = file.location(of: macro)
      bag = Bag(kind: .macro(fileName: file.fileName, line: location.line, column: location.column), location: location, name: name)
    } else if let call = SyntaxFacts.isExplicitBag(value) {
      collector.keys.crossModuleKeyPaths(in: call.arguments, file: file).forEach(collector.report)
      switch collector.keys.explicitBagKeys(call, in: collector.context(file: file, owner: owner, node: call)) {
      case .success(let keys):
        bag = Bag(kind: .explicit(keys), location: file.location(of: call), name: name)
      case .failure(let problem):
        collector.report(problem.problem.diagnostic(at: file.location(of: problem.node)))
        return
      }
    } else {
      return
    }
    if isStatic {
      collector.report(.staticStoredBag(at: bag.location))
      return
    }
    owner.storedBags.append(bag)
    collector.addStoredBag(bag, binding: binding.id)
    if owner.storedBags.count == 2 {
      collector.report(.secondStoredBag(of: owner, at: bag.location))
    }
  }

  func checkInitializers(of type: TypeSymbol) {
    guard !type.storedImplicits.isEmpty || !type.storedBags.isEmpty, let location = type.location else { return }
    let initializers = type.methods["init"] ?? []
    guard !initializers.contains(where: \.isScopeTaking) else { return }
    // A class that declares no initializer inherits its superclass's: a
    // scope-taking one initializes the stored implicits from that scope.
    if type.kind == .class, initializers.isEmpty, inheritsScopeTakingInitializer(type) { return }
    collector.report(.noScopeTakingInitializer(of: type, at: location))
  }

  /// Whether the nearest superclass that declares initializers has one that
  /// takes a scope (here or upstream).
  func inheritsScopeTakingInitializer(_ type: TypeSymbol) -> Bool {
    var visited: Set<String> = [type.identity]
    var current = type.superclass
    while let superclass = current, let identity = superclass.lookupIdentity, visited.insert(identity).inserted {
      if let local = collector.resolver.declarations.type(identity: identity), local.isDeclaredHere {
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
