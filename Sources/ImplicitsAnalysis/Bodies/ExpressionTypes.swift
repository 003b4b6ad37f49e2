import ImplicitsInterface
import SwiftSyntax

/// The static type of an expression, where the code declares it: literals,
/// initializers (`T(…)`, failable ones giving `T?`), locals, parameters and
/// properties of declared type, `self`, static members and enum cases,
/// calls of functions with a declared result type (here or upstream),
/// subscripts of collections, `try?`, `as?`, `??`, optional chains.
extension CallResolver {
  /// - Parameter strict: when set, an initializer whose failability is not
  ///   known makes the type unknown (keys); otherwise it counts as not
  ///   failable (receivers, whose optionality does not matter).
  func type(of expression: ExprSyntax, context: Context, strict: Bool = false, depth: Int = 0) -> SemanticType? {
    guard depth < 48 else { return nil }
    let next = depth + 1
    func recurse(_ expression: ExprSyntax, expected: SemanticType? = nil) -> SemanticType? {
      var inner = context
      inner.expectedType = expected
      return type(of: expression, context: inner, strict: strict, depth: next)
    }
    if let e = expression.as(TryExprSyntax.self) {
      let inner = recurse(e.expression, expected: context.expectedType)
      if e.questionOrExclamationMark?.tokenKind == .postfixQuestionMark { return inner.map { .optional($0.unwrapped) } }
      return inner
    }
    if let e = expression.as(AwaitExprSyntax.self) { return recurse(e.expression, expected: context.expectedType) }
    if let e = expression.as(TupleExprSyntax.self) {
      if e.elements.count == 1, let only = e.elements.first, only.label == nil {
        return recurse(only.expression, expected: context.expectedType)
      }
      var elements: [SemanticType.TupleElement] = []
      for element in e.elements {
        guard let type = recurse(element.expression) else { return nil }
        elements.append(SemanticType.TupleElement(label: element.label?.text, type: type))
      }
      return elements.isEmpty ? .void : .tuple(elements)
    }
    if let e = expression.as(ForceUnwrapExprSyntax.self) {
      guard let inner = recurse(e.expression) else { return nil }
      if case .optional(let wrapped) = inner { return wrapped }
      return inner
    }
    if let e = expression.as(OptionalChainingExprSyntax.self) { return recurse(e.expression)?.unwrapped }
    if let literal = literalType(expression, recurse: { recurse($0) }) { return literal }
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return referenceType(reference, context: context) }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return memberType(member, context: context, recurse: { recurse($0) })
    }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      return callType(call, context: context, strict: strict, recurse: { recurse($0) })
    }
    if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
      return subscriptType(subscriptCall, context: context, recurse: { recurse($0) })
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      return sequenceType(Array(sequence.elements), context: context, recurse: { recurse($0, expected: $1) })
    }
    if let ternary = expression.as(TernaryExprSyntax.self) {
      guard let first = recurse(ternary.thenExpression), let second = recurse(ternary.elseExpression) else { return nil }
      return commonSuperclass(first, second)
    }
    return nil
  }

  /// The type Swift gives `c ? a : b`: the same type, or for two classes
  /// the nearest superclass they share (`PremiumWallet` and `Wallet`:
  /// `Wallet`).
  func commonSuperclass(_ first: SemanticType, _ second: SemanticType) -> SemanticType? {
    if first == second { return first }
    func chain(_ type: SemanticType) -> [SemanticType] {
      var result: [SemanticType] = []
      var current: SemanticType? = type
      while let type = current, let identity = type.lookupIdentity, !result.contains(type), result.count < 64 {
        result.append(type)
        current = superclass(of: identity)
      }
      return result
    }
    guard case .nominal = first, case .nominal = second else { return nil }
    let ancestors = chain(second)
    return chain(first).first { ancestors.contains($0) }
  }

  // MARK: Literals

  private func literalType(_ expression: ExprSyntax, recurse: (ExprSyntax) -> SemanticType?) -> SemanticType? {
    if expression.is(IntegerLiteralExprSyntax.self) { return .int }
    if expression.is(FloatLiteralExprSyntax.self) { return .double }
    if expression.is(StringLiteralExprSyntax.self) { return .string }
    if expression.is(BooleanLiteralExprSyntax.self) { return .bool }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      if prefix.expression.is(IntegerLiteralExprSyntax.self) { return .int }
      if prefix.expression.is(FloatLiteralExprSyntax.self) { return .double }
    }
    if let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty {
      let types = array.elements.map { recurse($0.expression) }
      guard let first = types[0], types.allSatisfy({ $0 == first }) else { return nil }
      return .array(first)
    }
    if let dictionary = expression.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content,
      !elements.isEmpty
    {
      let keys = elements.map { recurse($0.key) }
      let values = elements.map { recurse($0.value) }
      guard let key = keys[0], let value = values[0], keys.allSatisfy({ $0 == key }), values.allSatisfy({ $0 == value })
      else { return nil }
      return .named("Dictionary", [key, value])
    }
    return nil
  }

  // MARK: Names

  private func referenceType(_ reference: DeclReferenceExprSyntax, context: Context) -> SemanticType? {
    let name = reference.baseName.text
    if reference.baseName.tokenKind == .keyword(.self) {
      return context.isStatic ? nil : context.selfType ?? context.owner?.semanticType
    }
    if let local = context.environment.lookup(name) {
      if case .value(let type) = local { return type }
      return nil
    }
    if let owner = context.owner, let type = property(of: owner.semanticType, named: name, from: context.file) {
      return type
    }
    if let global = symbols.globalProperty(name, from: context.file) { return propertyType(global) }
    return nil
  }

  private func memberType(
    _ member: MemberAccessExprSyntax, context: Context, recurse: (ExprSyntax) -> SemanticType?
  ) -> SemanticType? {
    let name = member.declName.baseName.text
    guard let base = member.base else {
      // `.dark`, `.shared`: an implicit member has the contextual type.
      return context.expectedType
    }
    // `Theme.dark`, `Service.shared`: a static member of a type.
    if let path = SyntaxFacts.dottedPath(base), context.environment.lookup(path[0]) == nil,
      !(context.owner.map { property(of: $0.semanticType, named: path[0], from: context.file) != nil } ?? false),
      symbols.globalProperty(path[0], from: context.file) == nil,
      let type = resolver.type(fromExpression: base, in: context.typeContext)
    {
      if let owner = type.lookupIdentity.flatMap({ declarations.type(identity: $0) }), owner.enumCases.contains(name) {
        return type
      }
      return property(of: type, named: name, from: context.file)
    }
    guard let baseType = recurse(base) else { return nil }
    guard let found = property(of: baseType.unwrapped, named: name, from: context.file) else { return nil }
    return Self.hasOptionalChaining(base) ? .optional(found.unwrapped) : found
  }

  /// Whether a postfix chain goes through `?` (`a?.b.c`), which makes the
  /// whole chain optional.
  static func hasOptionalChaining(_ expression: ExprSyntax) -> Bool {
    var current: ExprSyntax? = expression
    while let node = current {
      if node.is(OptionalChainingExprSyntax.self) { return true }
      if let member = node.as(MemberAccessExprSyntax.self) {
        current = member.base
      } else if let call = node.as(FunctionCallExprSyntax.self) {
        current = call.calledExpression
      } else if let subscriptCall = node.as(SubscriptCallExprSyntax.self) {
        current = subscriptCall.calledExpression
      } else if let force = node.as(ForceUnwrapExprSyntax.self) {
        current = force.expression
      } else {
        return false
      }
    }
    return false
  }

  // MARK: Calls

  private func callType(
    _ call: FunctionCallExprSyntax, context: Context, strict: Bool, recurse: (ExprSyntax) -> SemanticType?
  ) -> SemanticType? {
    let arguments = Arguments(call)
    if let construction = constructedType(call, context: context, recurse: recurse) {
      switch construction.failable {
      case .failable: return .optional(construction.type)
      case .notFailable: return construction.type
      case .unknown: return strict ? nil : construction.type
      }
    }
    let callee = SyntaxFacts.unwrapped(call.calledExpression)
    // `T.caseName(…)`: an enum case with associated values.
    if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
      let type = resolver.type(fromExpression: base, in: context.typeContext),
      let owner = type.lookupIdentity.flatMap({ declarations.type(identity: $0) }), owner.enumCases.contains(member.declName.baseName.text)
    {
      return type
    }
    if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
      let collection = recurse(base)?.unwrapped, let element = collection.element
    {
      if let result = Self.collectionMethod(member.declName.baseName.text, of: collection, element: element) {
        return Self.hasOptionalChaining(base) ? .optional(result) : result
      }
    }
    guard case .resolved(let candidates) = select(candidates(callee: call.calledExpression, context: context), arguments: arguments)
    else { return nil }
    let results = candidates.map { candidate in
      returnType(candidate).map { bindingMetatypeArguments(of: candidate, in: $0, call: call, context: context) }
    }
    guard let first = results.first, let type = first, results.allSatisfy({ $0 == first }) else { return nil }
    return Self.hasOptionalChaining(call.calledExpression) ? .optional(type.unwrapped) : type
  }

  func returnType(_ candidate: Candidate) -> SemanticType? {
    switch candidate {
    case .local(let symbol): return symbol.returnType
    case .upstream(let function):
      return function.decl.returnType.map {
        SemanticType.parse($0, moduleNames: resolver.moduleNames).markingGeneric(function.decl.genericParameters)
      }
    }
  }

  /// A result type with the generic parameters that the call binds through
  /// metatype arguments replaced: `resolve(Network.self)` of
  /// `func resolve<T>(_: T.Type) -> T` is a `Network`.
  private func bindingMetatypeArguments(
    of candidate: Candidate, in result: SemanticType, call: FunctionCallExprSyntax, context: Context
  ) -> SemanticType {
    guard result.genericName != nil, let positions = Self.argumentPositions(candidate.parameters, Arguments(call)) else {
      return result
    }
    var bound: [String: SemanticType] = [:]
    for (argument, parameter) in zip(call.arguments, positions) {
      guard case .metatype(.generic(let name), "Type")? = parameterType(of: candidate, at: parameter),
        let member = argument.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
        let base = member.base, let type = resolver.type(fromExpression: base, in: context.typeContext)
      else { continue }
      bound[name] = type
    }
    return bound.isEmpty ? result : result.substituting(bound)
  }

  /// What the standard library's collection methods return, where it is
  /// exactly known.
  private static func collectionMethod(_ name: String, of collection: SemanticType, element: SemanticType) -> SemanticType? {
    let path = collection.nominal?.path ?? ""
    switch name {
    case "sorted", "shuffled": return .array(element)
    case "filter": return path == "Array" || path == "Set" || path == "Dictionary" ? collection : .array(element)
    case "enumerated": return .named("EnumeratedSequence", [collection])
    case "reversed": return path == "Array" ? .named("ReversedCollection", [collection]) : .array(element)
    case "first", "last", "randomElement", "min", "max": return .optional(element)
    default: return nil
    }
  }

  /// An initializer call: the type it constructs and whether it is
  /// failable.
  func constructedType(
    _ call: FunctionCallExprSyntax, context: Context, recurse: (ExprSyntax) -> SemanticType?
  ) -> (type: SemanticType, failable: FailableInitializers.Answer)? {
    var callee = SyntaxFacts.unwrapped(call.calledExpression)
    var type: SemanticType?
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
      guard let base = member.base else {
        type = context.expectedType?.unwrapped  // `.init(…)`
        return type.map { ($0, failability(of: $0, call: call, context: context, recurse: recurse)) }
      }
      callee = base
    }
    if let known = resolver.type(fromExpression: callee, in: context.typeContext) {
      type = known
    } else if let reference = callee.as(DeclReferenceExprSyntax.self), context.environment.lookup(reference.baseName.text) == nil,
      reference.baseName.text.first?.isUppercase == true, symbols.freeFunctions[reference.baseName.text] == nil,
      upstream.functions(owner: nil, baseName: reference.baseName.text).isEmpty
    {
      type = .named(reference.baseName.text)
    } else if let path = SyntaxFacts.dottedPath(callee), path.count > 1, path.allSatisfy({ $0.first?.isUppercase == true }),
      context.environment.lookup(path[0]) == nil, resolver.type(fromExpression: ExprSyntax(callee.as(MemberAccessExprSyntax.self)!.base!), in: context.typeContext) == nil
    {
      type = TypeResolver.external(path.drop(while: { resolver.isModuleName($0) }).map { ($0, []) })
    }
    guard let type else { return nil }
    if case .generic = type { return nil }
    return (type, failability(of: type, call: call, context: context, recurse: recurse))
  }

  private func failability(
    of type: SemanticType, call: FunctionCallExprSyntax, context: Context, recurse: (ExprSyntax) -> SemanticType?
  ) -> FailableInitializers.Answer {
    let arguments = Arguments(call)
    let matching = initializers(of: type, from: context.file).filter { Self.matches($0.parameters, arguments) }
    if !matching.isEmpty {
      if matching.allSatisfy(\.isFailable) { return .failable }
      if matching.allSatisfy({ !$0.isFailable }) { return .notFailable }
      return .unknown
    }
    let knowsDeclaration = type.lookupIdentity.map { identity in
      declarations.type(identity: identity)?.isDeclaredHere == true || upstream.typeDeclaration(identity: identity) != nil
    } ?? false
    // A type declared here or upstream with no matching initializer: a
    // memberwise or inherited one, never failable.
    if knowsDeclaration { return .notFailable }
    guard case .nominal(let nominal) = type else { return .notFailable }
    let first = call.arguments.first.flatMap { recurse($0.expression) }
    return failable.answer(type: nominal.path, labels: arguments.labels, firstArgument: first)
  }

  // MARK: Subscripts and operators

  private func subscriptType(
    _ call: SubscriptCallExprSyntax, context: Context, recurse: (ExprSyntax) -> SemanticType?
  ) -> SemanticType? {
    guard let baseType = recurse(call.calledExpression) else { return nil }
    let collection = baseType.unwrapped
    let optional = Self.hasOptionalChaining(call.calledExpression)
    let arguments = Array(call.arguments)
    if case .nominal(let nominal) = collection {
      switch (nominal.path, nominal.arguments.count) {
      case ("Array", 1), ("ContiguousArray", 1), ("ArraySlice", 1):
        // An element for an index; a slice for a range.
        guard arguments.count == 1, arguments[0].label == nil else { break }
        let index = recurse(arguments[0].expression)
        guard index == .int || (index == nil && !Self.isRange(arguments[0].expression)) else { break }
        return optional ? .optional(nominal.arguments[0]) : nominal.arguments[0]
      case ("Dictionary", 2):
        if arguments.count == 2, arguments[1].label?.text == "default" {
          return optional ? .optional(nominal.arguments[1]) : nominal.arguments[1]
        }
        if arguments.count == 1, arguments[0].label == nil { return .optional(nominal.arguments[1].unwrapped) }
      default:
        break
      }
    }
    let subscriptArguments = Arguments(labels: arguments.map { $0.label?.text }, trailingClosures: 0)
    guard case .resolved(let candidates) = select(methods(of: collection, named: "subscript", wantStatic: false, from: context.file), arguments: subscriptArguments)
    else { return nil }
    let results = candidates.map(returnType)
    guard let first = results.first, let type = first, results.allSatisfy({ $0 == first }) else { return nil }
    return optional ? .optional(type.unwrapped) : type
  }

  /// `a..<b`, `a...b`, `a...`, `..<b`.
  static func isRange(_ expression: ExprSyntax) -> Bool {
    if let sequence = expression.as(SequenceExprSyntax.self) {
      return sequence.elements.contains { ["..<", "..."].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "") }
    }
    return expression.is(PostfixOperatorExprSyntax.self) || expression.is(PrefixOperatorExprSyntax.self)
  }

  /// `x as T`, `x as? T`, `x as! T`, `a ?? b`, `c ? a : b` before operator
  /// folding (three elements).
  private func sequenceType(
    _ elements: [ExprSyntax], context: Context, recurse: (ExprSyntax, SemanticType?) -> SemanticType?
  ) -> SemanticType? {
    guard elements.count == 3 else { return nil }
    if let cast = elements[1].as(UnresolvedAsExprSyntax.self), let typeExpression = elements[2].as(TypeExprSyntax.self) {
      let target = resolver.resolve(typeExpression.type, in: TypeContext(file: context.file, owner: context.owner, node: typeExpression.type))
      return cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark ? .optional(target) : target
    }
    if let op = elements[1].as(BinaryOperatorExprSyntax.self), op.operator.text == "??" {
      guard let left = recurse(elements[0], nil), case .optional(let wrapped) = left else { return nil }
      let right = recurse(elements[2], wrapped)
      if right == nil || right == wrapped || elements[2].is(ArrayExprSyntax.self) || elements[2].is(DictionaryExprSyntax.self) {
        return wrapped
      }
      return right == left ? left : nil
    }
    if elements[1].is(UnresolvedTernaryExprSyntax.self), let ternary = elements[1].as(UnresolvedTernaryExprSyntax.self) {
      guard let first = recurse(ternary.thenExpression, context.expectedType),
        let second = recurse(elements[2], context.expectedType)
      else { return nil }
      return commonSuperclass(first, second)
    }
    return nil
  }
}
