import ImplicitsInterface
import SwiftSyntax

/// Spells types canonically, so that two spellings of one type are one
/// key: `[Int]` and `Array<Int>`, `Int?` and `Optional<Int>`, `()` and
/// `Void`, `Swift.Int` and `Int`, `any P` and `P`, `A & B` and `B & A`, a
/// typealias and its target, `Inner` written inside `Outer` and
/// `Outer.Inner`.
///
/// Types of analyzed modules are spelled by their qualified name within
/// their module (`Outer.Inner`), without the module name; other types as
/// written, without a leading module name.
final class TypeResolver {
  let symbols: ModuleSymbols
  let upstream: UpstreamModules
  /// Names that, in first position of a dotted type, are module names.
  private var moduleNames: Set<String>

  init(symbols: ModuleSymbols, upstream: UpstreamModules) {
    self.symbols = symbols
    self.upstream = upstream
    moduleNames = Set(symbols.imports.map(\.module)).union(upstream.knownModules)
    moduleNames.formUnion([symbols.moduleName, "Swift", "Foundation", "_Concurrency", "Implicits"])
  }

  func isModuleName(_ name: String) -> Bool { moduleNames.contains(name) }

  // MARK: Canonical spelling

  /// The canonical spelling of `type` written inside the type `context`
  /// (a qualified name, or nil at file level).
  func canonical(_ type: TypeSyntax, in context: String?, depth: Int = 0) -> String {
    guard depth < 32 else { return normalizedText(type) }
    let next = depth + 1
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      let name = identifier.name.text
      let arguments = identifier.genericArgumentClause.map { clause in
        clause.arguments.map { canonical(argumentType($0), in: context, depth: next) }
      }
      return spell(path: [name], arguments: arguments, in: context, depth: next)
    }
    if let member = type.as(MemberTypeSyntax.self) {
      var components: [(String, [String]?)] = []
      var current: TypeSyntax? = TypeSyntax(member)
      while let node = current {
        if let m = node.as(MemberTypeSyntax.self) {
          components.insert(
            (m.name.text, m.genericArgumentClause.map { $0.arguments.map { canonical(argumentType($0), in: context, depth: next) } }),
            at: 0)
          current = m.baseType
        } else if let i = node.as(IdentifierTypeSyntax.self) {
          components.insert(
            (i.name.text, i.genericArgumentClause.map { $0.arguments.map { canonical(argumentType($0), in: context, depth: next) } }),
            at: 0)
          current = nil
        } else {
          return normalizedText(type)
        }
      }
      if components.count > 1, moduleNames.contains(components[0].0), components[0].1 == nil {
        components.removeFirst()
      }
      // Generic arguments only on the last component are common; keep any others as written.
      let path = components.map(\.0)
      if components.dropLast().allSatisfy({ $0.1 == nil }) {
        return spell(path: path, arguments: components.last?.1, in: context, depth: next)
      }
      return components.map { name, arguments in name + (arguments.map { "<" + $0.joined(separator: ", ") + ">" } ?? "") }
        .joined(separator: ".")
    }
    if let array = type.as(ArrayTypeSyntax.self) {
      return "Array<\(canonical(array.element, in: context, depth: next))>"
    }
    if let dictionary = type.as(DictionaryTypeSyntax.self) {
      return "Dictionary<\(canonical(dictionary.key, in: context, depth: next)), \(canonical(dictionary.value, in: context, depth: next))>"
    }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return "Optional<\(canonical(optional.wrappedType, in: context, depth: next))>"
    }
    if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return "Optional<\(canonical(iuo.wrappedType, in: context, depth: next))>"
    }
    if let tuple = type.as(TupleTypeSyntax.self) {
      let elements = Array(tuple.elements)
      if elements.isEmpty { return "Void" }
      if elements.count == 1, let only = elements.first, only.firstName == nil, only.ellipsis == nil {
        return canonical(only.type, in: context, depth: next)
      }
      return "(" + elements.map { element in
        let label = element.firstName.map { $0.text + ": " } ?? ""
        return label + canonical(element.type, in: context, depth: next)
      }.joined(separator: ", ") + ")"
    }
    if let function = type.as(FunctionTypeSyntax.self) {
      let parameters = function.parameters.map { canonical($0.type, in: context, depth: next) }.joined(separator: ", ")
      var effects = ""
      if function.effectSpecifiers?.asyncSpecifier != nil { effects += " async" }
      if let throwsClause = function.effectSpecifiers?.throwsClause {
        effects += " throws"
        if let thrown = throwsClause.type { effects += "(\(canonical(thrown, in: context, depth: next)))" }
      }
      return "(\(parameters))\(effects) -> \(canonical(function.returnClause.type, in: context, depth: next))"
    }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      let kept = attributed.attributes.compactMap { element -> String? in
        guard let attribute = element.as(AttributeSyntax.self) else { return nil }
        let name = attribute.attributeName.trimmedDescription
        if ["escaping", "autoclosure", "noescape"].contains(name) { return nil }
        return "@" + attribute.trimmedDescription.dropFirst()
      }
      let base = canonical(attributed.baseType, in: context, depth: next)
      return kept.isEmpty ? base : kept.joined(separator: " ") + " " + base
    }
    if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
      let constraint = canonical(someOrAny.constraint, in: context, depth: next)
      return someOrAny.someOrAnySpecifier.tokenKind == .keyword(.any) ? constraint : "some " + constraint
    }
    if let composition = type.as(CompositionTypeSyntax.self) {
      return composition.elements.map { canonical($0.type, in: context, depth: next) }.sorted().joined(separator: " & ")
    }
    if let metatype = type.as(MetatypeTypeSyntax.self) {
      return canonical(metatype.baseType, in: context, depth: next) + "." + metatype.metatypeSpecifier.text
    }
    return normalizedText(type)
  }

  /// A generic argument as a type (parsed from its text: the node's shape
  /// differs between swift-syntax versions).
  private func argumentType(_ argument: GenericArgumentSyntax) -> TypeSyntax {
    let text = argument.trimmedDescription.hasSuffix(",")
      ? String(argument.trimmedDescription.dropLast()) : argument.trimmedDescription
    return TypeParsing.parseType(text) ?? TypeSyntax(IdentifierTypeSyntax(name: .identifier(text)))
  }

  /// The text of a type with runs of white space folded to one space.
  func normalizedText(_ node: some SyntaxProtocol) -> String {
    node.trimmedDescription.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
      .joined(separator: " ")
  }

  private func spell(path: [String], arguments: [String]?, in context: String?, depth: Int) -> String {
    let suffix = arguments.map { "<" + $0.joined(separator: ", ") + ">" } ?? ""
    if path.count == 1 {
      switch path[0] {
      case "Void" where arguments == nil: return "Void"
      case "Self": if let context { return context + suffix }
      default: break
      }
    }
    if arguments == nil, let alias = resolveAlias(path: path, in: context, depth: depth) {
      return alias
    }
    if let qualified = resolveTypeName(path: path, in: context) {
      return qualified + suffix
    }
    return path.joined(separator: ".") + suffix
  }

  // MARK: Name resolution

  /// The qualified name of the type that `path` names when written inside
  /// `context`, if it is a type of this module or of a visible upstream one.
  func resolveTypeName(path: [String], in context: String?) -> String? {
    guard let first = path.first else { return nil }
    var path = path
    if path.count > 1, moduleNames.contains(first), !typeExists(first) { path.removeFirst() }
    guard let head = path.first else { return nil }
    // The innermost enclosing type that has a member type named `head`, then file level.
    var base: String?
    for candidate in enclosingCandidates(head, in: context) where typeExists(candidate) {
      base = candidate
      break
    }
    guard var qualified = base else { return nil }
    for component in path.dropFirst() {
      qualified += "." + component
      guard typeExists(qualified) else { return nil }
    }
    return qualified
  }

  /// `Outer.Inner.name`, `Outer.name`, `name` for context `Outer.Inner`.
  private func enclosingCandidates(_ name: String, in context: String?) -> [String] {
    var candidates: [String] = []
    if let context {
      var parts = context.split(separator: ".").map(String.init)
      while !parts.isEmpty {
        candidates.append((parts + [name]).joined(separator: "."))
        parts.removeLast()
      }
    }
    candidates.append(name)
    return candidates
  }

  func typeExists(_ qualifiedName: String) -> Bool {
    if let local = symbols.types[qualifiedName], local.isDeclaredHere { return true }
    return upstream.type(named: qualifiedName) != nil
  }

  private func resolveAlias(path: [String], in context: String?, depth: Int) -> String? {
    let joined = path.joined(separator: ".")
    for candidate in enclosingCandidates(joined, in: context) {
      if let alias = symbols.typealiases[candidate], alias.genericParameters.isEmpty {
        return canonical(alias.target, in: alias.context, depth: depth + 1)
      }
    }
    if let (decl, _) = upstream.typealiasDecl(named: joined) {
      return decl.target
    }
    return nil
  }

  // MARK: Keys

  /// The type key of a type written inside `context`.
  func typeKey(_ type: TypeSyntax, in context: String?) -> ImplicitKeyRef {
    .type(canonical(type, in: context))
  }

  /// The type named by an expression in type position (`A.self`'s `A`,
  /// `T(…)`'s `T`), if it is one.
  func typeSyntax(fromExpression expression: ExprSyntax) -> TypeSyntax? {
    TypeParsing.parseType(expression.trimmedDescription)
  }
}
