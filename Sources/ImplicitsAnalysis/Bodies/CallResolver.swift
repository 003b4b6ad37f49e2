import ImplicitsInterface
import SwiftSyntax

/// Finds the function a call that passes a scope goes to, as a careful
/// reader would: local functions, members of the enclosing type (through
/// superclasses and protocol extensions), free functions, initializers
/// (`T(scope)`, `A.B(scope)`, `T.init(scope)`, `self.init`, `super.init`),
/// static members, members of values whose type the code shows, and the
/// same in upstream modules. Overloads are told apart by argument labels
/// and count.
struct CallResolver {
  let symbols: ModuleSymbols
  let resolver: TypeResolver
  let inference: TypeInference
  let globals: [String: PropertySymbol]

  /// A function a call may go to.
  enum Candidate {
    case local(FunctionSymbol)
    case upstream(FunctionDecl, module: String)

    var parameters: [FunctionDecl.Parameter] {
      switch self {
      case .local(let symbol): symbol.parameters
      case .upstream(let decl, _): decl.parameters
      }
    }

    var isStatic: Bool {
      switch self {
      case .local(let symbol): symbol.isStatic
      case .upstream(let decl, _): decl.isStatic
      }
    }

    var isInitializer: Bool {
      switch self {
      case .local(let symbol): symbol.kind == .initializer
      case .upstream(let decl, _): decl.kind == .initializer
      }
    }

    /// Candidates with equal identities are one function: the same
    /// signature declared in several `#if` branches the analyzer cannot
    /// decide. Everything else is told apart by where it is declared.
    var identity: String {
      switch self {
      case .local(let symbol):
        let signature = (symbol.ownerName ?? "") + "." + symbol.signature + (symbol.isStatic ? " static" : "")
        return symbol.isInUndecidedCode ? signature : signature + " @" + symbol.location.description
      case .upstream(let decl, let module): return module + ":" + decl.sortKey
      }
    }
  }

  enum Resolution {
    case resolved([Candidate])
    case unresolved
    case ambiguous([Candidate])
  }

  /// What the code in a body knows when a call is resolved.
  struct Context {
    var owner: TypeSymbol?
    var isStatic: Bool
    var environment: LexicalEnvironment
  }

  /// The call's argument labels and trailing closure count.
  struct Arguments {
    var labels: [String?]
    var trailingClosures: Int

    var signatureSuffix: String {
      "(" + (labels.map { ($0 ?? "_") + ":" } + Array(repeating: "_:", count: trailingClosures)).joined() + ")"
    }
  }

  // MARK: Entry points

  func resolveCall(callee: ExprSyntax, arguments: Arguments, context: Context) -> Resolution {
    let candidates = lookup(callee: callee, context: context)
    return select(candidates, arguments: arguments)
  }

  func resolveSubscript(base: ExprSyntax, arguments: Arguments, context: Context) -> Resolution {
    guard let typeName = valueType(of: base, context: context) else { return .unresolved }
    let candidates = methods(of: typeName, named: "subscript", wantStatic: false)
    return select(candidates, arguments: arguments)
  }

  private func select(_ candidates: [Candidate], arguments: Arguments) -> Resolution {
    guard !candidates.isEmpty else { return .unresolved }
    let matching = candidates.filter { Self.matches($0.parameters, arguments) }
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

  /// Whether a call with these labels can go to a function with these
  /// parameters: labels in order, defaulted parameters skippable, trailing
  /// closures filling the remaining parameters.
  static func matches(_ parameters: [FunctionDecl.Parameter], _ arguments: Arguments) -> Bool {
    func match(_ argument: Int, _ parameter: Int) -> Bool {
      if argument == arguments.labels.count {
        let remaining = parameters[parameter...]
        let required = remaining.filter { !$0.hasDefault }.count
        return required <= arguments.trailingClosures && arguments.trailingClosures <= remaining.count
      }
      guard parameter < parameters.count else { return false }
      if parameters[parameter].label == arguments.labels[argument], match(argument + 1, parameter + 1) {
        return true
      }
      return parameters[parameter].hasDefault && match(argument, parameter + 1)
    }
    return match(0, 0)
  }

  // MARK: Lookup

  private func lookup(callee: ExprSyntax, context: Context) -> [Candidate] {
    let callee = SyntaxFacts.unwrapped(callee)
    if let specialization = callee.as(GenericSpecializationExprSyntax.self) {
      return lookup(callee: specialization.expression, context: context)
    }
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      return lookupUnqualified(reference.baseName.text, context: context)
    }
    if let member = callee.as(MemberAccessExprSyntax.self) {
      return lookupMember(member, context: context)
    }
    return []
  }

  private func lookupUnqualified(_ name: String, context: Context) -> [Candidate] {
    if let local = context.environment.lookup(name) {
      if case .function(let symbol) = local { return [.local(symbol)] }
      // A closure or a value called like a function: not resolvable.
      return []
    }
    if let owner = context.owner {
      let members = methods(of: owner.qualifiedName, named: name, wantStatic: context.isStatic ? true : nil)
      if !members.isEmpty { return members }
    }
    var free: [Candidate] = (symbols.freeFunctions[name] ?? []).map { .local($0) }
    free += resolver.upstream.functions(owner: nil, baseName: name).map { .upstream($0.decl, module: $0.module) }
    if !free.isEmpty { return free }
    if let type = resolver.resolveTypeName(path: [name], in: context.owner?.qualifiedName) {
      return initializers(of: type)
    }
    return []
  }

  private func lookupMember(_ member: MemberAccessExprSyntax, context: Context) -> [Candidate] {
    let name = member.declName.baseName.text
    guard let base = member.base.map(SyntaxFacts.unwrapped) else { return [] }  // `.make(scope)`: no contextual type
    if base.is(SuperExprSyntax.self) {
      guard let superclass = context.owner?.superclass ?? upstreamSuperclass(of: context.owner?.qualifiedName) else {
        return []
      }
      return name == "init" ? initializers(of: superclass) : methods(of: superclass, named: name, wantStatic: nil)
    }
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      switch reference.baseName.tokenKind {
      case .keyword(.self):
        guard let owner = context.owner else { return [] }
        return name == "init"
          ? initializers(of: owner.qualifiedName) : methods(of: owner.qualifiedName, named: name, wantStatic: nil)
      case .keyword(.Self):
        guard let owner = context.owner else { return [] }
        return name == "init" ? initializers(of: owner.qualifiedName) : methods(of: owner.qualifiedName, named: name, wantStatic: true)
      default:
        break
      }
    }
    // A type, or a module, named by a dotted path.
    if let path = TypeInference.dottedPath(base), context.environment.lookup(path[0]) == nil,
      !(context.owner.map { hasProperty($0.qualifiedName, path[0]) } ?? false), globals[path[0]] == nil
    {
      if path.count == 1, resolver.isModuleName(path[0]), resolver.resolveTypeName(path: path, in: nil) == nil {
        let module = path[0]
        if module == symbols.moduleName {
          return lookupUnqualified(name, context: Context(owner: nil, isStatic: false, environment: LexicalEnvironment()))
        }
        let functions = resolver.upstream.functions(owner: nil, baseName: name, module: module)
        if !functions.isEmpty { return functions.map { .upstream($0.decl, module: $0.module) } }
        if resolver.upstream.type(named: name, module: module) != nil { return initializers(of: name) }
        return []
      }
      if let type = resolver.resolveTypeName(path: path, in: context.owner?.qualifiedName) {
        if name == "init" { return initializers(of: type) }
        let statics = methods(of: type, named: name, wantStatic: true)
        if !statics.isEmpty { return statics }
        if resolver.typeExists(type + "." + name) { return initializers(of: type + "." + name) }
        return []
      }
    }
    guard let typeName = valueType(of: base, context: context) else { return [] }
    if name == "init" { return [] }
    return methods(of: typeName, named: name, wantStatic: false)
  }

  // MARK: Members of types

  /// Methods named `name` of a type, its extensions, its protocol
  /// extensions and its superclasses. `wantStatic` filters by static-ness
  /// when the filter leaves any.
  func methods(of typeName: String, named name: String, wantStatic: Bool?) -> [Candidate] {
    var visited = Set<String>()
    var current: String? = typeName
    while let type = current, visited.insert(type).inserted {
      var found: [Candidate] = (symbols.types[type]?.methods[name] ?? []).map { .local($0) }
      found += resolver.upstream.functions(owner: type, baseName: name).map { .upstream($0.decl, module: $0.module) }
      for conformance in conformances(of: type) {
        found += (symbols.types[conformance]?.methods[name] ?? []).filter { !$0.isProtocolRequirement }.map { .local($0) }
        found += resolver.upstream.functions(owner: conformance, baseName: name).map {
          .upstream($0.decl, module: $0.module)
        }
      }
      if !found.isEmpty {
        if let wantStatic {
          let filtered = found.filter { $0.isStatic == wantStatic || $0.isInitializer }
          if !filtered.isEmpty { return filtered }
        }
        return found
      }
      current = superclass(of: type)
    }
    return []
  }

  func initializers(of typeName: String) -> [Candidate] {
    var visited = Set<String>()
    var current: String? = typeName
    while let type = current, visited.insert(type).inserted {
      var found: [Candidate] = (symbols.types[type]?.methods["init"] ?? []).map { .local($0) }
      found += resolver.upstream.functions(owner: type, baseName: "init").map { .upstream($0.decl, module: $0.module) }
      if !found.isEmpty { return found }
      // A class that declares no initializer inherits its superclass's.
      if let local = symbols.types[type], local.isDeclaredHere, !(local.methods["init"] ?? []).isEmpty { return [] }
      current = superclass(of: type)
    }
    return []
  }

  private func superclass(of type: String) -> String? {
    if let local = symbols.types[type], let superclass = local.superclass { return superclass }
    return upstreamSuperclass(of: type)
  }

  private func upstreamSuperclass(of type: String?) -> String? {
    guard let type else { return nil }
    return resolver.upstream.typeRecords(named: type).compactMap(\.decl.superclass).first
  }

  private func conformances(of type: String) -> [String] {
    var names: [String] = []
    if let local = symbols.types[type] {
      names += local.inheritedNames.compactMap { written in
        TypeParsing.parseType(written).map { resolver.canonical($0, in: nil) }
      }
    }
    for record in resolver.upstream.typeRecords(named: type) { names += record.decl.conformances }
    return names
  }

  // MARK: Types of values

  private func hasProperty(_ type: String, _ name: String) -> Bool {
    property(of: type, named: name) != nil
  }

  private func property(of typeName: String, named name: String) -> String? {
    var visited = Set<String>()
    var current: String? = typeName
    while let type = current, visited.insert(type).inserted {
      if let local = symbols.types[type]?.properties[name], let propertyType = local.type { return propertyType }
      for record in resolver.upstream.typeRecords(named: type) {
        if let property = record.decl.properties.first(where: { $0.name == name }) { return property.type }
      }
      current = superclass(of: type)
    }
    return nil
  }

  /// The (unwrapped, unspecialized) type name of a value expression.
  func valueType(of expression: ExprSyntax, context: Context) -> String? {
    let expression = SyntaxFacts.unwrapped(expression)
    guard let type = rawValueType(of: expression, context: context) else { return nil }
    return Self.lookupName(type)
  }

  private func rawValueType(of expression: ExprSyntax, context: Context) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if reference.baseName.tokenKind == .keyword(.self) { return context.owner?.qualifiedName }
      if let local = context.environment.lookup(name) {
        if case .value(let type) = local { return type }
        return nil
      }
      if let owner = context.owner, let type = property(of: owner.qualifiedName, named: name) { return type }
      return globals[name]?.type
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
      guard let baseType = valueType(of: base, context: context) else { return nil }
      return property(of: baseType, named: member.declName.baseName.text)
    }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      return inference.constructedType(call.calledExpression, in: context.owner?.qualifiedName)?.name
    }
    return nil
  }

  /// `Optional<Box<T>>` → `Box`: the name members are looked up under.
  static func lookupName(_ type: String) -> String {
    var type = type
    while type.hasPrefix("Optional<"), type.hasSuffix(">") {
      type = String(type.dropFirst("Optional<".count).dropLast())
    }
    if let angle = type.firstIndex(of: "<") { type = String(type[..<angle]) }
    return type
  }
}
