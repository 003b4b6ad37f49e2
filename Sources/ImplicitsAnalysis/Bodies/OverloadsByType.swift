import SwiftSyntax

/// Overloads that differ only in their parameters' types, told apart by the
/// types of the arguments where the code shows them (literals, declared
/// types, results of calls with declared result types), as Swift does.
///
/// A candidate is set aside only when an argument certainly cannot go to
/// its parameter: a value of a type declared in this module that is neither
/// the parameter's type, a subclass of it, nor conforms to it; a literal
/// for a parameter whose type no such literal can be. Among what is left,
/// a literal prefers the parameter of its default type (`42` an `Int`,
/// `"a"` a `String`), as Swift's ranking does. Anything else stays
/// ambiguous.
extension CallResolver {
  func narrowByArgumentTypes(
    _ candidates: [Candidate], arguments: Arguments, expressions: [ExprSyntax], context: Context
  ) -> [Candidate] {
    guard candidates.count > 1 else { return candidates }
    let argumentTypes = expressions.map { argument -> ArgumentType in
      if let literal = Self.literalKind(argument) { return .literal(literal) }
      return type(of: argument, context: context).map { .value($0) } ?? .unknown
    }
    var scored: [(candidate: Candidate, defaultLiterals: Int)] = []
    for candidate in candidates {
      guard case .local(let symbol) = candidate, let positions = Self.argumentPositions(symbol.parameters, arguments) else {
        scored.append((candidate, 0))
        continue
      }
      var fits = true
      var defaultLiterals = 0
      for (index, argumentType) in argumentTypes.enumerated() where index < positions.count {
        let written = symbol.parameterTypes[positions[index]].type
        guard !SyntaxFacts.isImplicitScopeType(written) else { continue }
        let parameter = resolver.resolve(written, in: TypeContext(file: symbol.file, owner: symbol.owner, node: written))
        switch accepts(parameter, argumentType) {
        case .no: fits = false
        case .defaultLiteral: defaultLiterals += 1
        case .maybe: break
        }
      }
      if fits { scored.append((candidate, defaultLiterals)) }
    }
    guard !scored.isEmpty else { return candidates }
    let best = scored.map(\.defaultLiterals).max() ?? 0
    return scored.filter { $0.defaultLiterals == best }.map(\.candidate)
  }

  enum ArgumentType {
    case literal(LiteralKind)
    case value(SemanticType)
    case unknown
  }

  enum LiteralKind {
    case integer, float, string, boolean

    var defaultType: String {
      switch self {
      case .integer: "Int"
      case .float: "Double"
      case .string: "String"
      case .boolean: "Bool"
      }
    }

    var protocolName: String {
      switch self {
      case .integer: "ExpressibleByIntegerLiteral"
      case .float: "ExpressibleByFloatLiteral"
      case .string: "ExpressibleByStringLiteral"
      case .boolean: "ExpressibleByBooleanLiteral"
      }
    }

    /// The standard library's types such a literal can be.
    var standardTypes: Set<String> {
      let floats: Set<String> = ["Double", "Float", "Float16", "Float80", "CGFloat", "Decimal"]
      let integers: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
      ]
      switch self {
      case .integer: return integers.union(floats)
      case .float: return floats
      case .string: return ["String", "Substring", "Character", "Unicode.Scalar", "StaticString"]
      case .boolean: return ["Bool"]
      }
    }
  }

  static func literalKind(_ expression: ExprSyntax) -> LiteralKind? {
    if expression.is(IntegerLiteralExprSyntax.self) { return .integer }
    if expression.is(FloatLiteralExprSyntax.self) { return .float }
    if expression.is(StringLiteralExprSyntax.self) { return .string }
    if expression.is(BooleanLiteralExprSyntax.self) { return .boolean }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      return literalKind(prefix.expression).flatMap { $0 == .integer || $0 == .float ? $0 : nil }
    }
    return nil
  }

  private enum Fit { case no, maybe, defaultLiteral }

  /// The standard library's types and protocols whose conformances the
  /// analyzer knows for types declared in this module.
  private static let standardValueTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
    "String", "Substring", "Character", "Bool",
  ]

  /// Whether an argument can go to a parameter of this type: certainly
  /// not, perhaps, or as a literal of the parameter's type by default.
  private func accepts(_ parameter: SemanticType, _ argument: ArgumentType) -> Fit {
    guard case .nominal(let nominal) = parameter, nominal.arguments.isEmpty else { return .maybe }
    let declared = parameter.lookupIdentity.flatMap { declarations.type(identity: $0) }.flatMap { $0.isDeclaredHere ? $0 : nil }
    let identity = parameter.lookupIdentity ?? nominal.path
    switch argument {
    case .unknown:
      return .maybe
    case .literal(let kind):
      if nominal.path == kind.defaultType { return .defaultLiteral }
      if kind.standardTypes.contains(nominal.path) { return .maybe }
      if let declared, declared.kind == .protocol {
        // The literal takes its default type, if that conforms.
        return conformanceClosure(of: .named(kind.defaultType)).contains(identity) ? .defaultLiteral : .no
      }
      if let declared { return conformanceClosure(of: declared.semanticType).contains(kind.protocolName) ? .maybe : .no }
      if Self.standardValueTypes.contains(nominal.path) || nominal.path == "Error" {
        return conformanceClosure(of: .named(kind.defaultType)).contains(nominal.path) ? .maybe : .no
      }
      return .maybe
    case .value(let value):
      guard case .nominal(let valueNominal) = value, valueNominal.arguments.isEmpty else { return .maybe }
      if valueNominal.path == nominal.path || nominal.path == "Any" || nominal.path == "AnyObject" { return .maybe }
      // Only types declared here, and the standard library's plain value
      // types, have conformances the analyzer knows all of (theirs to the
      // standard library's own protocols aside).
      let valueSymbol = value.lookupIdentity.flatMap { declarations.type(identity: $0) }
      // An existential (`any Error`, a protocol of the module) is no value
      // of a concrete type, nor of a protocol it does not inherit.
      if valueNominal.path == "Error" || (valueSymbol?.isDeclaredHere == true && valueSymbol?.kind == .protocol) {
        if conformanceClosure(of: value).contains(identity) { return .maybe }
        if Self.standardValueTypes.contains(nominal.path) || declared != nil { return .no }
        return .maybe
      }
      let valueDeclared = valueSymbol?.isDeclaredHere == true
      guard valueDeclared || Self.standardValueTypes.contains(valueNominal.path) else { return .maybe }
      if conformanceClosure(of: value).contains(identity) { return .maybe }
      if declared != nil || Self.standardValueTypes.contains(nominal.path) || nominal.path == "Error" { return .no }
      return .maybe
    }
  }

  /// The identities (and, for the standard library's protocols, the
  /// names) of everything a type declared here is or conforms to: its
  /// superclasses and their conformances, and the protocols those inherit.
  func conformanceClosure(of type: SemanticType) -> Set<String> {
    var found = Set<String>()
    var pending: [SemanticType] = [type]
    while let next = pending.popLast() {
      guard let identity = next.lookupIdentity, found.insert(identity).inserted else { continue }
      if let nominal = next.nominal { found.insert(nominal.path) }
      pending += conformances(of: identity)
      if let superclass = superclass(of: identity) { pending.append(superclass) }
    }
    return found
  }
}
