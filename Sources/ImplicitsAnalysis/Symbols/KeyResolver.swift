import ImplicitsInterface
import SwiftSyntax

/// Turns what `@Implicit`, `Implicit.map` and `Implicits(capturing:)` write
/// into keys: a type key is the declaration the type resolves to; a named
/// key is the `static let` in `extension ImplicitsKeys` that its name
/// resolves to (in this module, or an imported one).
struct KeyResolver {
  let symbols: ModuleSymbols
  let resolver: TypeResolver

  /// Why a key cannot be told from what the code writes.
  enum Problem: Error {
    /// A type key naming a generic parameter.
    case generic(String)
    case unknownNamedKey(String)
    /// An element of the key list of `what` that is no `.type` or `.named`.
    case notAKey(what: String)
    case typeArgument
    case namedArgument

    /// The diagnostic that says it, at `location`.
    func diagnostic(at location: SourceLocation) -> Diagnostic {
      switch self {
      case .generic(let parameter): .genericKey(parameter, at: location)
      case .unknownNamedKey(let name): .unknownNamedKey(name, at: location)
      case .notAKey(let what): .keyListSpelling(of: what, at: location)
      case .typeArgument: .typeKeyArgumentSpelling(at: location)
      case .namedArgument: .namedKeyArgumentSpelling(at: location)
      }
    }
  }

  /// A problem in a key list, and the node it is about.
  struct ListProblem: Error {
    var problem: Problem
    var node: Syntax
  }

  /// The key of a type, or why it cannot be one.
  func typeKey(_ type: SemanticType) -> Result<ImplicitKeyRef, Problem> {
    if let generic = type.genericName { return .failure(.generic(generic)) }
    return .success(.type(type.identity))
  }

  /// The named key `\.name` as seen from `file`.
  func namedKey(_ name: String, from file: ParsedFile) -> Result<ImplicitKeyRef, Problem> {
    if let local = symbols.namedKey(name, from: file) { return .success(local.key) }
    if let (_, module) = resolver.upstream.namedKey(name) { return .success(.named(module + "." + name)) }
    return .failure(.unknownNamedKey(name))
  }

  /// The warnings for the key paths `\.name` in `node` (a key argument, a
  /// key list) that name another module's stored `static let` key: Swift
  /// 6.3 cannot read those through a key path from another module.
  func crossModuleKeyPaths(in node: some SyntaxProtocol, file: ParsedFile) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for keyPath in node.tokens(viewMode: .sourceAccurate).compactMap({ $0.parent?.as(KeyPathExprSyntax.self) }) {
      guard let name = SyntaxFacts.keyPathName(ExprSyntax(keyPath)), symbols.namedKey(name, from: file) == nil,
        let (decl, module) = resolver.upstream.namedKey(name), decl.isStored,
        !found.contains(where: { $0.location == file.location(of: keyPath) })
      else { continue }
      let valueType = SemanticType.parse(decl.valueType, moduleNames: resolver.moduleNames).display
      found.append(
        .crossModuleKeyPath(
          name, module: module, valueType: valueType, at: file.location(of: keyPath),
          end: file.location(at: keyPath.endPositionBeforeTrailingTrivia)))
    }
    return found
  }

  /// The value type of a named key, for keys inferred from it.
  func valueType(of key: ImplicitKeyRef, from file: ParsedFile) -> SemanticType? {
    switch key.kind {
    case .type:
      return nil
    case .named:
      if let local = symbols.namedKey(key.name, from: file), local.key == key { return local.valueType }
      if let (decl, _) = resolver.upstream.namedKey(key.name) {
        return SemanticType.parse(decl.valueType, moduleNames: resolver.moduleNames)
      }
      return nil
    }
  }

  /// The key named by `Implicit.map`'s arguments and `@Implicit(T.self)`:
  /// `T.self` or `\.name`.
  func key(ofArgument expression: ExprSyntax, in context: TypeContext) -> Result<ImplicitKeyRef, Problem>? {
    if let (name, _) = SyntaxFacts.namedKeySpelling(expression) {
      return namedKey(name, from: context.file)
    }
    if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base, let type = resolver.typeInTypePosition(base, in: context)
    {
      return typeKey(type)
    }
    return nil
  }

  /// The keys listed in `Implicits(capturing: .type(A.self), .named(\.b))`
  /// (or as one array), or the problem and where.
  func explicitBagKeys(_ call: FunctionCallExprSyntax, in context: TypeContext) -> Result<[ImplicitKeyRef], ListProblem> {
    explicitKeys(call.arguments, in: context, what: "Implicits(capturing:)")
  }

  /// The keys listed as `.type(A.self)`, `.named(\.b)` (or as one array) in
  /// the arguments of `what`: `Implicits(capturing:)`, `@RequiresImplicits`.
  func explicitKeys(_ arguments: LabeledExprListSyntax, in context: TypeContext, what: String)
    -> Result<[ImplicitKeyRef], ListProblem>
  {
    var expressions: [ExprSyntax] = []
    for argument in arguments {
      if argument.label?.text == "fileID" || argument.label?.text == "line" { continue }
      if let array = argument.expression.as(ArrayExprSyntax.self) {
        expressions += array.elements.map(\.expression)
      } else {
        expressions.append(argument.expression)
      }
    }
    var keys: [ImplicitKeyRef] = []
    for expression in expressions {
      guard let member = expression.as(FunctionCallExprSyntax.self),
        let callee = member.calledExpression.as(MemberAccessExprSyntax.self), callee.base == nil,
        let first = member.arguments.first?.expression
      else {
        return .failure(ListProblem(problem: .notAKey(what: what), node: Syntax(expression)))
      }
      switch callee.declName.baseName.text {
      case "type":
        guard let metatype = first.as(MemberAccessExprSyntax.self), metatype.declName.baseName.text == "self",
          let base = metatype.base, let type = resolver.typeInTypePosition(base, in: context)
        else {
          return .failure(ListProblem(problem: .typeArgument, node: Syntax(first)))
        }
        switch typeKey(type) {
        case .success(let key): keys.append(key)
        case .failure(let problem): return .failure(ListProblem(problem: problem, node: Syntax(first)))
        }
      case "named":
        guard let (name, _) = SyntaxFacts.namedKeySpelling(first) else {
          return .failure(ListProblem(problem: .namedArgument, node: Syntax(first)))
        }
        switch namedKey(name, from: context.file) {
        case .success(let key): keys.append(key)
        case .failure(let problem): return .failure(ListProblem(problem: problem, node: Syntax(first)))
        }
      default:
        return .failure(ListProblem(problem: .notAKey(what: what), node: Syntax(expression)))
      }
    }
    return .success(keys)
  }

  /// The key a read (`@Implicit var x: T`, `@Implicit(\.k) var x`,
  /// `@Implicit(T.self) var x`) uses, or nil after `report` says why there
  /// is none.
  func readKey(
    _ arguments: SyntaxFacts.ImplicitArguments, annotation: TypeSyntax?, context: TypeContext, location: SourceLocation,
    report: (Diagnostic) -> Void
  ) -> ImplicitKeyRef? {
    guard arguments.isValid else {
      report(.implicitKeySpelling(at: location))
      return nil
    }
    let result: Result<ImplicitKeyRef, Problem>
    if let keyArgument = arguments.key {
      crossModuleKeyPaths(in: keyArgument, file: context.file).forEach(report)
      guard let found = key(ofArgument: keyArgument, in: context) else {
        report(.implicitKeySpelling(at: location))
        return nil
      }
      result = found
    } else if let annotation {
      var annotationContext = context
      annotationContext.node = Syntax(annotation)
      result = typeKey(resolver.resolve(annotation, in: annotationContext))
    } else {
      report(.storedKeyNotInferred(at: location))
      return nil
    }
    switch result {
    case .success(let key): return key
    case .failure(let problem):
      report(problem.diagnostic(at: location))
      return nil
    }
  }
}
