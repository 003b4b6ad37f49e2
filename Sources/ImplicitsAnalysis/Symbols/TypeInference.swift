import SwiftSyntax

/// The static type of an expression, where the syntax shows it: literals
/// of known type, `T(…)`, `T.init(…)`, `T<X>(…)`, `Outer.Inner(…)`, and
/// `T(…)!`. A static factory (`T.make()`), a function call or any other
/// expression shows no type.
struct TypeInference {
  let resolver: TypeResolver

  func inferredType(of expression: ExprSyntax, in context: String?) -> String? {
    var expression = expression
    var forceUnwrapped = false
    while true {
      if let e = expression.as(TryExprSyntax.self) { expression = e.expression; continue }
      if let e = expression.as(AwaitExprSyntax.self) { expression = e.expression; continue }
      if let e = expression.as(ForceUnwrapExprSyntax.self) {
        expression = e.expression
        forceUnwrapped = true
        continue
      }
      if let e = expression.as(TupleExprSyntax.self), e.elements.count == 1, let only = e.elements.first,
        only.label == nil
      {
        expression = only.expression
        continue
      }
      break
    }
    if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
    if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
    if expression.is(StringLiteralExprSyntax.self) { return "String" }
    if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      if prefix.expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
      if prefix.expression.is(FloatLiteralExprSyntax.self) { return "Double" }
      return nil
    }
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
    guard let type = constructedType(call.calledExpression, in: context) else { return nil }
    if type.isFailable && !forceUnwrapped { return "Optional<\(type.name)>" }
    return type.name
  }

  struct Constructed {
    var name: String
    var isFailable: Bool
  }

  /// The type that a call's callee constructs, if the callee names a type.
  func constructedType(_ callee: ExprSyntax, in context: String?) -> Constructed? {
    var callee = callee
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
      let base = member.base
    {
      callee = base
    }
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      guard looksLikeType(path: [name], in: context), let type = TypeParsing.parseType(name) else { return nil }
      let canonical = resolver.canonical(type, in: context)
      return Constructed(name: canonical, isFailable: isFailableInit(canonical))
    }
    if let specialization = callee.as(GenericSpecializationExprSyntax.self) {
      guard let type = TypeParsing.parseType(specialization.trimmedDescription) else { return nil }
      return Constructed(name: resolver.canonical(type, in: context), isFailable: false)
    }
    if let member = callee.as(MemberAccessExprSyntax.self), let path = Self.dottedPath(ExprSyntax(member)) {
      guard looksLikeType(path: path, in: context), let type = TypeParsing.parseType(path.joined(separator: ".")) else {
        return nil
      }
      let canonical = resolver.canonical(type, in: context)
      return Constructed(name: canonical, isFailable: isFailableInit(canonical))
    }
    return nil
  }

  /// Whether a dotted name names a type rather than a function or a
  /// static member.
  func looksLikeType(path: [String], in context: String?) -> Bool {
    guard let last = path.last else { return false }
    if resolver.resolveTypeName(path: path, in: context) != nil { return true }
    if path.count > 1 {
      // `Known.member` where `member` is not a nested type: a static factory.
      var base = Array(path.dropLast())
      if resolver.isModuleName(base[0]), base.count > 1 { base.removeFirst() }
      if resolver.resolveTypeName(path: base, in: context) != nil { return false }
    } else if resolver.symbols.freeFunctions[last] != nil {
      return false
    }
    return last.first?.isUppercase == true
  }

  private func isFailableInit(_ qualifiedName: String) -> Bool {
    guard let type = resolver.symbols.types[qualifiedName] else { return false }
    let initializers = type.methods["init"] ?? []
    return !initializers.isEmpty
      && initializers.allSatisfy { $0.declaration.as(InitializerDeclSyntax.self)?.optionalMark != nil }
  }

  /// `A.B.C` as components, when the expression is only identifiers and dots.
  static func dottedPath(_ expression: ExprSyntax) -> [String]? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return [reference.baseName.text]
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      let prefix = dottedPath(base)
    {
      return prefix + [member.declName.baseName.text]
    }
    return nil
  }
}
