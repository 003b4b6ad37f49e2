import SwiftSyntax

/// Overloads that differ only in their parameters' types, told apart by the
/// types of the arguments where the code shows them (literals, declared
/// types, results of calls with declared result types), as Swift does.
///
/// A candidate is set aside only when an argument certainly cannot go to
/// its parameter: a value of a type declared in this module that is neither
/// the parameter's type, a subclass of it, nor conforms to it (to a
/// standard protocol only where everything it conforms to is known); an
/// optional for a parameter that is not; a literal or `nil` for a
/// parameter whose type no such literal can be. Among what is left, as
/// Swift's ranking does, a value prefers a parameter of exactly its type
/// (`Int` over `Int?`, `Any` or a generic parameter), `nil` an optional
/// parameter, and a literal the parameter of its default type (`42` an
/// `Int`, `"a"` a `String`). Anything else stays ambiguous.
extension CallResolver {
  /// The candidates whose parameters may take the arguments, those Swift
  /// ranks first; none when no candidate can (the call goes to a function
  /// the analysis does not see, or does not compile).
  func narrowByArgumentTypes(
    _ candidates: [Candidate], arguments: Arguments, expressions: [ExprSyntax], context: Context
  ) -> [Candidate] {
    guard !candidates.isEmpty else { return candidates }
    let argumentTypes = expressions.map { argument -> ArgumentType in
      if let literal = Self.literalKind(argument) { return .literal(literal) }
      if argument.is(NilLiteralExprSyntax.self) { return .nilLiteral }
      if argument.is(ClosureExprSyntax.self) { return .closure }
      // `.member`, `.member(…)`: typed by the parameter it goes to.
      if Self.isImplicitMember(argument) { return .unknown }
      return type(of: argument, context: context).map { .value($0) } ?? .unknown
    } + Array(repeating: ArgumentType.closure, count: arguments.trailingClosures)
    var scored: [(candidate: Candidate, preferred: Int)] = []
    for candidate in candidates {
      guard let (labeled, trailing) = Self.matchArguments(candidate.parameters, arguments) else {
        scored.append((candidate, 0))
        continue
      }
      let positions = labeled + (trailing ?? [])
      var fits = true
      var preferred = 0
      for (index, argumentType) in argumentTypes.enumerated() where index < positions.count {
        // (A variadic parameter's type is its elements'.)
        guard !candidate.parameters[positions[index]].isScope, let parameter = parameterType(of: candidate, at: positions[index])
        else { continue }
        switch accepts(parameter, argumentType) {
        case .no: fits = false
        case .preferred: preferred += 1
        case .maybe: break
        }
      }
      if fits { scored.append((candidate, preferred)) }
    }
    guard !scored.isEmpty else { return [] }
    let best = scored.map(\.preferred).max() ?? 0
    return scored.filter { $0.preferred == best }.map(\.candidate)
  }

  /// A parameter's declared type: resolved from the module's declaration,
  /// or as an upstream interface records it (nil where it does not).
  func parameterType(of candidate: Candidate, at index: Int) -> SemanticType? {
    switch candidate {
    case .local(let symbol):
      let written = symbol.parameterTypes[index].type
      return resolver.resolve(written, in: TypeContext(file: symbol.file, owner: symbol.owner, node: written))
    case .upstream(let function):
      return function.decl.parameters[index].type.map {
        SemanticType.parse($0, moduleNames: resolver.moduleNames).markingGeneric(function.decl.genericParameters)
      }
    }
  }

  /// Without the upstream candidates that one of the module's own shadows:
  /// the same labels, staticness and parameter types (Swift prefers the
  /// declaration of the module being compiled).
  func removingShadowed(_ candidates: [Candidate]) -> [Candidate] {
    let local = candidates.compactMap { candidate -> FunctionSymbol? in
      if case .local(let symbol) = candidate { return symbol }
      return nil
    }
    guard !local.isEmpty, local.count < candidates.count else { return candidates }
    func signature(_ candidate: Candidate) -> [String]? {
      var parts = candidate.parameters.map { $0.label ?? "_" } + [candidate.isStatic ? "static" : ""]
      for index in candidate.parameters.indices where !candidate.parameters[index].isScope {
        guard let type = parameterType(of: candidate, at: index), type.genericNames.isEmpty else { return nil }
        parts.append(type.identity)
      }
      return parts
    }
    let shadowing = Set(local.compactMap { signature(.local($0)) })
    return candidates.filter { candidate in
      guard case .upstream = candidate, let signature = signature(candidate) else { return true }
      return !shadowing.contains(signature)
    }
  }

  private static func isImplicitMember(_ expression: ExprSyntax) -> Bool {
    let expression = SyntaxFacts.unwrapped(expression)
    if let member = expression.as(MemberAccessExprSyntax.self) { return member.base == nil }
    if let call = expression.as(FunctionCallExprSyntax.self) { return isImplicitMember(call.calledExpression) }
    return false
  }

  enum ArgumentType {
    case literal(LiteralKind)
    case nilLiteral
    /// A closure written as the argument.
    case closure
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

    /// The protocols a type conforms to to be made from such a literal (a
    /// one-character string literal is also a character or scalar literal).
    var protocolNames: [String] {
      switch self {
      case .integer: ["ExpressibleByIntegerLiteral"]
      case .float: ["ExpressibleByFloatLiteral"]
      case .string:
        ["ExpressibleByStringLiteral", "ExpressibleByExtendedGraphemeClusterLiteral", "ExpressibleByUnicodeScalarLiteral"]
      case .boolean: ["ExpressibleByBooleanLiteral"]
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

  /// `preferred`: Swift ranks the candidate above one that only may take
  /// the argument (exactly the value's type, an optional for `nil`, a
  /// literal's default type).
  private enum Fit { case no, maybe, preferred }

  /// The standard library's types and protocols whose conformances the
  /// analyzer knows for types declared in this module.
  private static let standardValueTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
    "String", "Substring", "Character", "Bool",
  ]

  /// Whether an argument can go to a parameter of this type: certainly
  /// not, perhaps, or as Swift prefers.
  private func accepts(_ parameter: SemanticType, _ argument: ArgumentType) -> Fit {
    switch (parameter, argument) {
    case (.optional, .nilLiteral):
      return .preferred
    case (.optional(let wrapped), .value(.optional(let value))):
      if wrapped == value, isKnown(value) { return .preferred }
      return accepts(wrapped, .value(value)) == .no ? .no : .maybe
    case (.optional(let wrapped), _):
      // The argument is wrapped: it fits as it fits the wrapped type, never
      // as well as a parameter of its own type.
      return accepts(wrapped, argument) == .no ? .no : .maybe
    case (.nominal(let nominal), .value(.optional)):
      // An optional never becomes a value of another type by itself.
      return nominal.path == "Any" || !isKnown(parameter) ? .maybe : .no
    case (_, .value(let value)) where value == parameter && isKnown(value):
      return .preferred
    case (.nominal(let collection), .value(.nominal(let value))) where !collection.arguments.isEmpty:
      // A standard generic collection takes no value of another type the
      // analysis knows all of (a struct declared here is no `Array`).
      guard Self.standardCollections.contains(collection.path), value.path != collection.path else { return .maybe }
      let symbol = SemanticType.nominal(value).lookupIdentity.flatMap { declarations.type(identity: $0) }
      if let symbol, symbol.isDeclaredHere, symbol.kind != .protocol { return .no }
      return Self.standardValueTypes.contains(value.path) ? .no : .maybe
    default:
      break
    }
    guard case .nominal(let nominal) = parameter, nominal.arguments.isEmpty else { return .maybe }
    let declared = parameter.lookupIdentity.flatMap { declarations.type(identity: $0) }.flatMap { $0.isDeclaredHere ? $0 : nil }
    let identity = parameter.lookupIdentity ?? nominal.path
    switch argument {
    case .unknown:
      return .maybe
    case .closure:
      // A closure is no value of a struct, an enum, a class or a protocol
      // the analysis knows (a function type, or a generic one, may be).
      if nominal.path == "Any" || nominal.path == "AnyObject" || nominal.path == "Sendable" { return .maybe }
      return isKnown(parameter) || declared != nil ? .no : .maybe
    case .nilLiteral:
      if Self.standardValueTypes.contains(nominal.path) { return .no }
      if let declared { return conformanceClosure(of: declared.semanticType).contains("ExpressibleByNilLiteral") ? .maybe : .no }
      return .maybe
    case .literal(let kind):
      if nominal.path == kind.defaultType { return .preferred }
      if kind.standardTypes.contains(nominal.path) { return .maybe }
      if let declared, declared.kind == .protocol {
        // The literal takes its default type, if that conforms.
        return conformanceClosure(of: .named(kind.defaultType)).contains(identity) ? .preferred : .no
      }
      if let declared {
        let closure = conformanceClosure(of: declared.semanticType)
        return kind.protocolNames.contains(where: closure.contains) ? .maybe : .no
      }
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
      let closure = conformanceClosure(of: value)
      if closure.contains(identity) { return .maybe }
      if declared != nil || Self.standardValueTypes.contains(nominal.path) { return .no }
      // A standard protocol: only where everything the value conforms to
      // is known, and not one that types get without saying so.
      if StandardProtocols.refinements[nominal.path] != nil, !StandardProtocols.implicit.contains(nominal.path),
        isComplete(closure)
      {
        return .no
      }
      return .maybe
    }
  }

  private static let standardCollections: Set<String> = ["Array", "Dictionary", "Set", "ArraySlice", "ContiguousArray"]

  /// A type whose declaration the analysis knows: declared here or
  /// upstream, or one of the standard library's value types.
  private func isKnown(_ type: SemanticType) -> Bool {
    guard let identity = type.lookupIdentity, let nominal = type.nominal else { return false }
    return declarations.type(identity: identity) != nil || upstream.typeDeclaration(identity: identity) != nil
      || Self.standardValueTypes.contains(nominal.path)
  }

  /// Whether everything in a conformance closure has a known declaration:
  /// then nothing else is in it.
  private func isComplete(_ closure: Set<String>) -> Bool {
    closure.allSatisfy { name in
      declarations.type(identity: name) != nil || upstream.typeDeclaration(identity: name) != nil
        || StandardProtocols.refinements[name] != nil || Self.standardValueTypes.contains(name)
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
      pending += (StandardProtocols.refinements[identity] ?? []).map { SemanticType.named($0) }
      if let superclass = superclass(of: identity) { pending.append(superclass) }
    }
    return found
  }
}

/// The standard library's and Foundation's protocols whose refinements the
/// analyzer knows, each with the protocols it refines.
enum StandardProtocols {
  static let refinements: [String: [String]] = [
    "Error": ["Sendable"], "LocalizedError": ["Error"], "CustomNSError": ["Error"], "RecoverableError": ["Error"],
    "Sendable": [], "Equatable": [], "Hashable": ["Equatable"], "Comparable": ["Equatable"],
    "Identifiable": [], "CustomStringConvertible": [], "CustomDebugStringConvertible": [],
    "LosslessStringConvertible": ["CustomStringConvertible"], "Encodable": [], "Decodable": [],
    "Codable": ["Encodable", "Decodable"], "CaseIterable": [], "RawRepresentable": [], "Sequence": [],
    "Collection": ["Sequence"], "BidirectionalCollection": ["Collection"], "RandomAccessCollection": ["BidirectionalCollection"],
    "MutableCollection": ["Collection"], "RangeReplaceableCollection": ["Collection"], "IteratorProtocol": [],
  ]

  /// Protocols a type may conform to without declaring it (`Sendable` is
  /// inferred, an enum is `Equatable` and `Hashable` without associated
  /// values, `RawRepresentable` with raw values).
  static let implicit: Set<String> = ["Sendable", "Equatable", "Hashable", "RawRepresentable"]
}
