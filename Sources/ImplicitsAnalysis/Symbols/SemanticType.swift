import ImplicitsInterface
import SwiftParser
import SwiftSyntax

/// A type as the analyzer understands it: its structure, with every nominal
/// type whose declaration the analyzer knows identified by its declaring
/// module and qualified name (`App.Feature.Flags`, `Core.Config`), and the
/// others (the standard library's, Foundation's) as written (`Int`, `URL`).
///
/// Spellings of one type give one value: `[Int]` and `Array<Int>`, `Int?`
/// and `Optional<Int>`, `()` and `Void`, `any P` and `P`, `A & B` and
/// `B & A`, a typealias and its target, `Inner` written inside `Outer` and
/// `Outer.Inner`. `identity` is what keys, interfaces and support files use;
/// `display` is what diagnostics show.
indirect enum SemanticType: Hashable, Sendable, CustomStringConvertible {
  case nominal(Nominal)
  case optional(SemanticType)
  /// Two or more elements (one unlabeled element is that element's type,
  /// none is `Void`).
  case tuple([TupleElement])
  case function(parameters: [SemanticType], effects: String, result: SemanticType)
  /// `T.Type`, `P.Protocol`.
  case metatype(SemanticType, suffix: String)
  /// A generic parameter, an associated type, or a dynamic `Self`: a
  /// different type at every use, so never a key.
  case generic(String)
  /// `A & B` (also `any A & B`): the elements, sorted by identity.
  case composition([SemanticType])
  /// `some P`, and the rare shapes the analyzer does not model, as text.
  case opaque(String)

  struct Nominal: Hashable, Sendable {
    /// `App.Feature.Flags`, `Core.Config`, `Int`, `URL`.
    var path: String
    var arguments: [SemanticType] = []
    /// Where a type that no other file can name is declared.
    var discriminator: IdentityDiscriminator? = nil
    /// Whether the first component of `path` is the declaring module.
    var isModuleQualified: Bool = false
  }

  struct TupleElement: Hashable, Sendable {
    var label: String?
    var type: SemanticType
  }

  static func named(_ path: String, _ arguments: [SemanticType] = []) -> SemanticType {
    .nominal(Nominal(path: path, arguments: arguments))
  }

  static let void = SemanticType.named("Void")
  static let int = SemanticType.named("Int")
  static let double = SemanticType.named("Double")
  static let string = SemanticType.named("String")
  static let bool = SemanticType.named("Bool")

  static func array(_ element: SemanticType) -> SemanticType { .named("Array", [element]) }

  // MARK: Text

  /// The key identity: module-qualified, with generic arguments and the
  /// discriminator (`Array<App.Item>`, `App.Config (fileprivate in A.swift)`).
  var identity: String { text(qualified: true) }

  /// How diagnostics show the type: without module names or discriminators.
  var display: String { text(qualified: false) }

  var description: String { identity }

  private func text(qualified: Bool) -> String {
    switch self {
    case .nominal(let nominal):
      var path = Substring(nominal.path)
      if !qualified, nominal.isModuleQualified, let dot = path.firstIndex(of: ".") {
        path = path[path.index(after: dot)...]
      }
      var result = String(path)
      if !nominal.arguments.isEmpty {
        result += "<" + nominal.arguments.map { $0.text(qualified: qualified) }.joined(separator: ", ") + ">"
      }
      if qualified, let discriminator = nominal.discriminator { result += discriminator.suffix }
      return result
    case .optional(let wrapped):
      return "Optional<" + wrapped.text(qualified: qualified) + ">"
    case .tuple(let elements):
      return "(" + elements.map { ($0.label.map { $0 + ": " } ?? "") + $0.type.text(qualified: qualified) }
        .joined(separator: ", ") + ")"
    case .function(let parameters, let effects, let result):
      return "(" + parameters.map { $0.text(qualified: qualified) }.joined(separator: ", ") + ")" + effects + " -> "
        + result.text(qualified: qualified)
    case .metatype(let base, let suffix):
      if case .composition = base { return "(" + base.text(qualified: qualified) + ")." + suffix }
      return base.text(qualified: qualified) + "." + suffix
    case .composition(let elements):
      return elements.map { $0.text(qualified: qualified) }.joined(separator: " & ")
    case .generic(let name), .opaque(let name):
      return name
    }
  }

  // MARK: Structure

  /// The type without any `Optional` around it.
  var unwrapped: SemanticType {
    if case .optional(let wrapped) = self { return wrapped.unwrapped }
    return self
  }

  var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  var nominal: Nominal? {
    if case .nominal(let nominal) = self { return nominal }
    return nil
  }

  /// `identity` of the nominal type without generic arguments: what member
  /// lookups are keyed by (`App.Box`, `Array`).
  var lookupIdentity: String? {
    guard case .nominal(let nominal) = unwrapped else { return nil }
    return nominal.path + (nominal.discriminator?.suffix ?? "")
  }

  /// Whether a generic parameter, a dynamic `Self` or an opaque type occurs
  /// in it: such a type is a different one at every use, never a key.
  var genericName: String? {
    switch self {
    case .generic(let name): return name
    case .opaque(let text) where text.hasPrefix("some "): return text
    case .nominal(let nominal): return nominal.arguments.lazy.compactMap(\.genericName).first
    case .optional(let wrapped): return wrapped.genericName
    case .tuple(let elements): return elements.lazy.compactMap(\.type.genericName).first
    case .function(let parameters, _, let result):
      return (parameters + [result]).lazy.compactMap(\.genericName).first
    case .metatype(let base, _): return base.genericName
    case .composition(let elements): return elements.lazy.compactMap(\.genericName).first
    case .opaque: return nil
    }
  }

  /// The type with generic parameters replaced by the types bound to them.
  /// Every generic parameter it names (and `some P`s, as `genericName`
  /// says them).
  var genericNames: Set<String> {
    var names = Set<String>()
    func visit(_ type: SemanticType) {
      switch type {
      case .generic(let name): names.insert(name)
      case .opaque(let text): if text.hasPrefix("some ") { names.insert(text) }
      case .nominal(let nominal): nominal.arguments.forEach(visit)
      case .optional(let wrapped): visit(wrapped)
      case .tuple(let elements): elements.forEach { visit($0.type) }
      case .function(let parameters, _, let result): (parameters + [result]).forEach(visit)
      case .metatype(let base, _): visit(base)
      case .composition(let elements): elements.forEach(visit)
      }
    }
    visit(self)
    return names
  }

  /// The type with the plain names in `names` taken as generic parameters
  /// (an upstream function's types, whose record lists its generic
  /// parameters by name).
  func markingGeneric(_ names: [String]) -> SemanticType {
    guard !names.isEmpty else { return self }
    return replacing { type in
      guard case .nominal(let nominal) = type, nominal.arguments.isEmpty, names.contains(nominal.path) else { return nil }
      return .generic(nominal.path)
    }
  }

  func substituting(_ bound: [String: SemanticType]) -> SemanticType {
    replacing { type in
      guard case .generic(let name) = type else { return nil }
      return bound[name] ?? type
    }
  }

  /// The type with each part for which `replacement` gives a type replaced
  /// by it (the parts it gives nil for keep their structure, their own
  /// parts replaced in turn).
  func replacing(_ replacement: (SemanticType) -> SemanticType?) -> SemanticType {
    if let replaced = replacement(self) { return replaced }
    switch self {
    case .nominal(var nominal):
      nominal.arguments = nominal.arguments.map { $0.replacing(replacement) }
      return .nominal(nominal)
    case .optional(let wrapped): return .optional(wrapped.replacing(replacement))
    case .tuple(let elements):
      return .tuple(elements.map { TupleElement(label: $0.label, type: $0.type.replacing(replacement)) })
    case .function(let parameters, let effects, let result):
      return .function(
        parameters: parameters.map { $0.replacing(replacement) }, effects: effects, result: result.replacing(replacement))
    case .metatype(let base, let suffix): return .metatype(base.replacing(replacement), suffix: suffix)
    case .composition(let elements): return .composition(elements.map { $0.replacing(replacement) })
    case .generic, .opaque: return self
    }
  }

  /// What `for x in value` binds: the element of an array, a set, a
  /// slice, a range; a dictionary's `(key:value:)` pairs; `.keys` and
  /// `.values`; `.enumerated()`'s `(offset:element:)` pairs.
  var element: SemanticType? {
    guard case .nominal(let nominal) = self else { return nil }
    let arguments = nominal.arguments
    switch (nominal.path, arguments.count) {
    case ("Array", 1), ("Set", 1), ("ArraySlice", 1), ("ContiguousArray", 1), ("Range", 1), ("ClosedRange", 1),
      ("ReversedCollection", 1), ("LazySequence", 1), ("Slice", 1), ("OrderedSet", 1), ("Deque", 1):
      return arguments[0]
    case ("IdentifiedArray", 2), ("Dictionary.Values", 2), ("OrderedDictionary.Values", 2):
      return arguments[1]
    case ("Dictionary.Keys", 2), ("OrderedDictionary.Keys", 2):
      return arguments[0]
    case ("Dictionary", 2), ("OrderedDictionary", 2):
      return .tuple([TupleElement(label: "key", type: arguments[0]), TupleElement(label: "value", type: arguments[1])])
    case ("EnumeratedSequence", 1):
      guard let element = arguments[0].element else { return nil }
      return .tuple([TupleElement(label: "offset", type: .int), TupleElement(label: "element", type: element)])
    case ("String", 0), ("Substring", 0):
      return .named("Character")
    default:
      return nil
    }
  }

  // MARK: Reading identities back

  /// The type an identity written by `identity` spells (interfaces store
  /// result and property types so). `moduleNames` tells which first
  /// components are modules. Text that is not a type comes back opaque.
  static func parse(_ text: String, moduleNames: ModuleNames) -> SemanticType {
    if let components = plainPath(text) {
      // What the parser gives for `Name` and `Module.Outer.Name`, without it:
      // most keys a module meets are spelled so, thousands in a deep module.
      if components.count == 1 { return .named(text) }
      return .nominal(Nominal(path: text, isModuleQualified: moduleNames.contains(String(components[0]))))
    }
    return parsedBySwiftParser(text, moduleNames: moduleNames)
  }

  /// `parse` without the plain-path shortcut.
  static func parsedBySwiftParser(_ text: String, moduleNames: ModuleNames) -> SemanticType {
    var parser = Parser(text)
    let type = TypeSyntax.parse(from: &parser)
    guard !type.hasError, type.trimmedText == text.trimmingWhitespace() else { return .opaque(text) }
    return structure(of: type, moduleNames: moduleNames, depth: 0)
  }

  /// The components of a dotted path of plain identifiers (ASCII, none a
  /// keyword such as `Type` or `Self`, none `_`), or nil for any other text.
  static func plainPath(_ text: String) -> [Substring]? {
    var startsComponent = true
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
        startsComponent = false
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if startsComponent { return nil }
      case UInt8(ascii: "."):
        if startsComponent { return nil }
        startsComponent = true
      default:
        return nil
      }
    }
    if startsComponent { return nil }
    let components = text.split(separator: ".", omittingEmptySubsequences: false)
    for component in components where component == "_" || keywords.contains(String(component)) { return nil }
    return components
  }

  /// Every keyword SwiftSyntax knows, as written.
  private static let keywords: Set<String> = Set(
    (UInt8.min...UInt8.max).compactMap { Keyword(rawValue: $0).map { TokenSyntax.keyword($0).text } })

  private static func structure(of type: TypeSyntax, moduleNames: ModuleNames, depth: Int) -> SemanticType {
    guard depth < 64 else { return .opaque(type.trimmedText) }
    let next = depth + 1
    func arguments(_ clause: GenericArgumentClauseSyntax?) -> [SemanticType] {
      clause?.arguments.map { argument in
        if case .type(let type) = argument.argument { return structure(of: type, moduleNames: moduleNames, depth: next) }
        return .opaque(argument.argument.trimmedText)
      } ?? []
    }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      let name = identifier.name.text
      let args = arguments(identifier.genericArgumentClause)
      if name == "Optional", args.count == 1 { return .optional(args[0]) }
      return .named(name, args)
    }
    if let member = type.as(MemberTypeSyntax.self) {
      var components: [String] = [member.name.text]
      var base = member.baseType
      while let inner = base.as(MemberTypeSyntax.self) {
        components.insert(inner.name.text, at: 0)
        base = inner.baseType
      }
      guard let head = base.as(IdentifierTypeSyntax.self) else { return .opaque(type.trimmedText) }
      components.insert(head.name.text, at: 0)
      let qualified = components.count > 1 && moduleNames.contains(components[0])
      return .nominal(
        Nominal(
          path: components.joined(separator: "."), arguments: arguments(member.genericArgumentClause),
          isModuleQualified: qualified))
    }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return .optional(structure(of: optional.wrappedType, moduleNames: moduleNames, depth: next))
    }
    if let tuple = type.as(TupleTypeSyntax.self) {
      let elements = tuple.elements.map {
        TupleElement(label: $0.firstName?.text, type: structure(of: $0.type, moduleNames: moduleNames, depth: next))
      }
      if elements.isEmpty { return .void }
      if elements.count == 1, elements[0].label == nil { return elements[0].type }
      return .tuple(elements)
    }
    if let function = type.as(FunctionTypeSyntax.self) {
      var effects = ""
      if function.effectSpecifiers?.asyncSpecifier != nil { effects += " async" }
      if let throwsClause = function.effectSpecifiers?.throwsClause {
        effects += throwsClause.type.map { " throws(\($0.trimmedText))" } ?? " throws"
      }
      return .function(
        parameters: function.parameters.map { structure(of: $0.type, moduleNames: moduleNames, depth: next) },
        effects: effects, result: structure(of: function.returnClause.type, moduleNames: moduleNames, depth: next))
    }
    if let metatype = type.as(MetatypeTypeSyntax.self) {
      return .metatype(
        structure(of: metatype.baseType, moduleNames: moduleNames, depth: next), suffix: metatype.metatypeSpecifier.text)
    }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return structure(of: attributed.baseType, moduleNames: moduleNames, depth: next)
    }
    if let composition = type.as(CompositionTypeSyntax.self) {
      return .composition(composition.elements.map { structure(of: $0.type, moduleNames: moduleNames, depth: next) })
    }
    if let someOrAny = type.as(SomeOrAnyTypeSyntax.self), someOrAny.someOrAnySpecifier.tokenKind == .keyword(.any) {
      return structure(of: someOrAny.constraint, moduleNames: moduleNames, depth: next)
    }
    return .opaque(type.trimmedText)
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
