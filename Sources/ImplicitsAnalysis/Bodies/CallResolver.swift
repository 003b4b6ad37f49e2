import ImplicitsInterface
import SwiftSyntax

/// Finds the functions a call may go to, as a careful reader would: local
/// functions, members of the enclosing type (through superclasses and
/// protocol extensions), free functions, initializers (`T(scope)`,
/// `A.B(scope)`, `T.init(scope)`, `.init(scope)` with a contextual type,
/// `self.init`, `super.init`, typealiases), static members (also of types
/// of other modules extended here), members of values whose type is
/// declared, and the same in upstream modules. Overloads are told apart by
/// argument labels and count, and a `private`/`fileprivate` declaration is
/// a candidate only where Swift can see it.
///
/// The types of expressions (`ExpressionTypes`) are computed here too: a
/// receiver's type and a call's result type depend on each other.
final class CallResolver {
  let symbols: ModuleSymbols
  let resolver: TypeResolver
  let keys: KeyResolver
  let failable: FailableInitializers
  /// The types of properties, declared or inferred, once asked for (nil:
  /// none found; also while one is inferred, against a property inferred
  /// from itself).
  var propertyTypes: [ObjectIdentifier: SemanticType?]

  /// - Parameter knownPropertyTypes: property types an earlier stage
  ///   resolved already.
  init(resolver: TypeResolver, knownPropertyTypes: [ObjectIdentifier: SemanticType?] = [:]) {
    symbols = resolver.symbols
    self.resolver = resolver
    keys = KeyResolver(symbols: resolver.symbols, resolver: resolver)
    failable = FailableInitializers()
    propertyTypes = knownPropertyTypes
  }

  var upstream: UpstreamModules { resolver.upstream }
  var declarations: Declarations { resolver.declarations }

  /// A function a call may go to.
  enum Candidate {
    case local(FunctionSymbol)
    case upstream(UpstreamFunction)

    var parameters: [FunctionDecl.Parameter] {
      switch self {
      case .local(let symbol): symbol.parameters
      case .upstream(let function): function.decl.parameters
      }
    }

    var isStatic: Bool {
      switch self {
      case .local(let symbol): symbol.isStatic
      case .upstream(let function): function.decl.isStatic
      }
    }

    var isInitializer: Bool {
      switch self {
      case .local(let symbol): symbol.kind == .initializer
      case .upstream(let function): function.decl.kind == .initializer
      }
    }

    var isFailable: Bool {
      switch self {
      case .local(let symbol): symbol.isFailable
      case .upstream(let function): function.decl.isFailable
      }
    }

    var scopeParameterIndex: Int? { parameters.firstIndex(where: \.isScope) }

    /// Candidates with equal identities are one function: the same
    /// signature declared in several `#if` branches the analyzer cannot
    /// decide. Everything else is told apart by where it is declared.
    var identity: String {
      switch self {
      case .local(let symbol):
        let signature = (symbol.owner?.identity ?? "") + "." + symbol.signature + (symbol.isStatic ? " static" : "")
        return symbol.isInUndecidedCode ? signature : signature + " @" + symbol.location.description
      case .upstream(let function): return function.module + ":" + function.decl.overloadKey
      }
    }
  }

  enum Resolution {
    case resolved([Candidate])
    case unresolved
    case ambiguous([Candidate])
  }

  /// What the code in a body knows where a call is resolved.
  struct Context {
    var file: ParsedFile
    var owner: TypeSymbol?
    var isStatic: Bool
    var environment: LexicalEnvironment
    /// The type the expression must have, when the code says
    /// (`let s: Screen = .init(scope)`, `return .init(scope)`).
    var expectedType: SemanticType?
    /// The type of `self` where an extension's `where` clause says more
    /// than its owner (`extension Array where Element == Invoice`).
    var selfType: SemanticType?

    var typeContext: TypeContext {
      let environment = environment
      return TypeContext(file: file, owner: owner) { name in
        if case .type(let type) = environment.lookup(name) { return type }
        return nil
      }
    }
  }

  /// The call's argument labels and trailing closures.
  struct Arguments {
    var labels: [String?]
    var trailingClosures: Int
    /// The trailing closures' labels (the first has none), when known.
    var trailingLabels: [String?]?

    init(labels: [String?], trailingClosures: Int) {
      self.labels = labels
      self.trailingClosures = trailingClosures
    }

    init(_ call: FunctionCallExprSyntax) {
      labels = call.arguments.map { $0.label?.text }
      trailingClosures = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
      if call.trailingClosure != nil { trailingLabels = [nil] + call.additionalTrailingClosures.map { $0.label.text } }
    }

    var signatureSuffix: String {
      "(" + (labels.map { ($0 ?? "_") + ":" } + Array(repeating: "_:", count: trailingClosures)).joined() + ")"
    }
  }

  // MARK: Entry points

  func resolveCall(callee: ExprSyntax, arguments: Arguments, context: Context) -> Resolution {
    select(candidates(callee: callee, context: context), arguments: arguments)
  }

  func resolveSubscript(base: ExprSyntax, arguments: Arguments, context: Context) -> Resolution {
    guard let type = type(of: base, context: context)?.unwrapped else { return .unresolved }
    return select(methods(of: type, named: "subscript", wantStatic: false, from: context.file), arguments: arguments)
  }

  func select(_ candidates: [Candidate], arguments: Arguments) -> Resolution {
    let matching = removingShadowed(candidates.filter { Self.matches($0.parameters, arguments) })
    guard !matching.isEmpty else { return .unresolved }
    // One signature declared in several undecided #if branches counts once.
    var bySignature: [String: [Candidate]] = [:]
    var order: [String] = []
    for candidate in matching {
      let key = candidate.identity
      if bySignature[key] == nil { order.append(key) }
      bySignature[key, default: []].append(candidate)
    }
    if order.count == 1 { return .resolved(bySignature[order[0]]!) }
    return .ambiguous(order.map { bySignature[$0]![0] })
  }

  // MARK: Lookup

  func candidates(callee: ExprSyntax, context: Context) -> [Candidate] {
    let callee = SyntaxFacts.unwrapped(callee)
    if let specialization = callee.as(GenericSpecializationExprSyntax.self) {
      return candidates(callee: specialization.expression, context: context)
    }
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      return lookupUnqualified(reference, context: context)
    }
    if let member = callee.as(MemberAccessExprSyntax.self) {
      return lookupMember(member, context: context)
    }
    if let type = resolver.type(fromExpression: callee, in: context.typeContext) {
      return initializers(of: type, from: context.file)  // `[Item](…)`, `[K: V](…)`
    }
    return []
  }

  private func lookupUnqualified(_ reference: DeclReferenceExprSyntax, context: Context) -> [Candidate] {
    let name = reference.baseName.text
    if let local = context.environment.lookup(name) {
      switch local {
      case .functions(let overloads): return overloads.map { .local($0) }
      case .type(let type): return initializers(of: type.semanticType, from: context.file)
      case .value(let type):
        // A closure called like a function cannot be followed; a value
        // with `callAsFunction` can.
        guard let type else { return [] }
        return methods(of: type.unwrapped, named: "callAsFunction", wantStatic: false, from: context.file)
      case .bag, .scope: return []
      }
    }
    if let owner = context.owner {
      let members = methods(of: owner.semanticType, named: name, wantStatic: context.isStatic ? true : nil, from: context.file)
      if !members.isEmpty { return members }
      // A stored property whose type has `callAsFunction`: `fetchUser(id, scope)`.
      if let type = property(of: owner.semanticType, named: name, from: context.file) {
        return methods(of: type.unwrapped, named: "callAsFunction", wantStatic: false, from: context.file)
      }
    }
    if let type = symbols.globalProperty(name, from: context.file).flatMap(propertyType) {
      return methods(of: type.unwrapped, named: "callAsFunction", wantStatic: false, from: context.file)
    }
    var free: [Candidate] = (symbols.freeFunctions[name] ?? []).filter { $0.isVisible(from: context.file) }.map { .local($0) }
    free += upstream.functions(owner: nil, baseName: name).map { .upstream($0) }
    if !free.isEmpty { return free }
    // A type named in an expression (also a typealias of a protocol
    // extension of the enclosing type's conformances: `Style(…)`).
    if let type = resolver.type(fromExpression: ExprSyntax(reference), in: context.typeContext) ?? externalType(name) {
      return initializers(of: type, from: context.file)
    }
    return []
  }

  /// An uppercase name the analyzer knows no declaration of, taken as a
  /// type of another module (`Int`, `URL`), so that initializers that this
  /// module or an upstream one adds in extensions are found.
  private func externalType(_ name: String) -> SemanticType? {
    name.first?.isUppercase == true ? .named(name) : nil
  }

  private func lookupMember(_ member: MemberAccessExprSyntax, context: Context) -> [Candidate] {
    let name = member.declName.baseName.text
    guard let rawBase = member.base else {
      // `.init(scope)`, `.make(scope)`: members of the contextual type.
      guard let expected = context.expectedType?.unwrapped else { return [] }
      return name == "init"
        ? initializers(of: expected, from: context.file) : methods(of: expected, named: name, wantStatic: true, from: context.file)
    }
    let base = SyntaxFacts.unwrapped(rawBase)
    if base.is(SuperExprSyntax.self) {
      guard let superclass = context.owner?.superclass else { return [] }
      return name == "init"
        ? initializers(of: superclass, from: context.file, inherited: false)
        : methods(of: superclass, named: name, wantStatic: nil, from: context.file)
    }
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      switch reference.baseName.tokenKind {
      case .keyword(.self):
        guard let owner = context.owner else { return [] }
        return name == "init"
          ? initializers(of: owner.semanticType, from: context.file, inherited: false)
          : methods(of: owner.semanticType, named: name, wantStatic: context.isStatic ? true : nil, from: context.file)
      case .keyword(.Self):
        // In a protocol or a non-final class, `Self` may be a subtype:
        // the call is dispatched at run time.
        guard let owner = context.owner, !owner.hasDynamicSelf else { return [] }
        if name == "init" { return initializers(of: owner.semanticType, from: context.file) }
        let statics = methods(of: owner.semanticType, named: name, wantStatic: true, from: context.file)
        if statics.isEmpty, let type = resolver.type(fromExpression: ExprSyntax(member), in: context.typeContext) {
          return initializers(of: type, from: context.file)  // `Self.Style(…)`
        }
        return statics
      default:
        break
      }
    }
    // A type, or a module, named by a dotted path (and not a value).
    if let path = SyntaxFacts.dottedPath(base), !namesValue(path[0], context: context) {
      if path.count == 1, resolver.isModuleName(path[0]),
        resolver.resolvePath([(path[0], [])], token: SyntaxFacts.firstReference(of: base)?.baseName, in: context.typeContext)
          == nil
      {
        return moduleMember(name, module: path[0], context: context)
      }
      if let type = resolver.type(fromExpression: base, in: context.typeContext)
        ?? (path.count == 1 ? externalType(path[0]) : nil)
      {
        if name == "init" { return initializers(of: type, from: context.file) }
        let statics = methods(of: type, named: name, wantStatic: true, from: context.file)
        if !statics.isEmpty { return statics }
        if let nested = resolver.lookup.member(name, of: type, from: context.file) {
          return initializers(of: resolver.semanticType(of: nested, in: context.typeContext), from: context.file)
        }
        return []
      }
    }
    guard let type = type(of: base, context: context)?.unwrapped else { return [] }
    // A metatype value (`entry.type`, `migration` in `[any Migration.Type]`):
    // the type's initializers and static members.
    if case .metatype(let instance, "Type") = type {
      return name == "init"
        ? initializers(of: instance, from: context.file) : methods(of: instance, named: name, wantStatic: true, from: context.file)
    }
    if name == "init" { return [] }
    return methods(of: type, named: name, wantStatic: false, from: context.file)
  }

  /// For `value.init(…)` where `value` is a metatype value, the type it is
  /// a metatype of: the call may construct any subclass of it.
  func metatypeInstance(constructedBy callee: ExprSyntax, context: Context) -> SemanticType? {
    guard let member = SyntaxFacts.unwrapped(callee).as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
      let base = member.base.map(SyntaxFacts.unwrapped), !base.is(SuperExprSyntax.self),
      base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self),
      resolver.type(fromExpression: base, in: context.typeContext) == nil,
      case .metatype(let instance, "Type")? = type(of: base, context: context)?.unwrapped
    else { return nil }
    return instance
  }

  /// Whether the first name of a dotted path is a value (a local, a
  /// property of the enclosing type, a module-level variable).
  private func namesValue(_ name: String, context: Context) -> Bool {
    if let local = context.environment.lookup(name) {
      if case .type = local { return false }
      return true
    }
    if let owner = context.owner, property(of: owner.semanticType, named: name, from: context.file) != nil { return true }
    return symbols.globalProperty(name, from: context.file) != nil
  }

  /// `Module.f(scope)`, `Module.T(scope)`.
  private func moduleMember(_ name: String, module: String, context: Context) -> [Candidate] {
    if module == symbols.moduleName {
      var free: [Candidate] = (symbols.freeFunctions[name] ?? []).filter { $0.isVisible(from: context.file) }.map { .local($0) }
      if free.isEmpty, let type = symbols.fileTypes[context.file.relativePath]?[name] ?? symbols.moduleTypes[name] {
        free = initializers(of: type.semanticType, from: context.file)
      }
      return free
    }
    let functions = upstream.functions(owner: nil, baseName: name, module: module)
    if !functions.isEmpty { return functions.map { .upstream($0) } }
    let identity = module + "." + name
    if upstream.typeDeclaration(identity: identity) != nil {
      return initializers(of: .nominal(SemanticType.Nominal(path: identity, isModuleQualified: true)), from: context.file)
    }
    return []
  }
}
