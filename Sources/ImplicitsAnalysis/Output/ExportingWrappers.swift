import ImplicitsInterface
import SwiftSyntax

/// Explicit-argument wrappers for public scope-taking functions
/// (`--enable-exporting`): for callers that do not use implicits, an
/// overload without the scope parameter that takes each required implicit
/// as a labeled argument, opens a root scope, provides them, and calls the
/// original.
///
///     public func fetch(id: Int, _ scope: ImplicitScope) -> Item   // requires Network, \.apiBaseURL
///     // generated:
///     public func fetch(id: Int, network: Network, apiBaseURL: URL) -> Item
///
/// Functions that cannot be forwarded faithfully (variadic or `inout`
/// parameters, subscripts, protocol members) and wrappers whose signature
/// would clash with an existing function are skipped.
struct ExportingWrappers {
  let symbols: ModuleSymbols
  let upstream: UpstreamModules
  let units: FunctionUnits
  let solved: SolvedRequirements
  let spelling: SupportSpelling

  func generate() -> String {
    var out = ""
    var byOwner: [String: [String]] = [:]
    var free: [String] = []
    for symbol in symbols.declarations.functions where symbol.isScopeTaking && symbol.access >= .public {
      guard let unit = units[symbol], case let requirements = solved.requirements(of: unit), !requirements.isEmpty,
        let wrapper = wrapper(for: symbol, requirements: requirements.keys.sorted())
      else { continue }
      if let owner = symbol.owner?.path {
        byOwner[owner, default: []].append(wrapper)
      } else {
        free.append(wrapper)
      }
    }
    if free.isEmpty && byOwner.isEmpty { return "" }
    out += "\n// MARK: Explicit-argument wrappers (--enable-exporting)\n"
    for wrapper in free { out += "\n" + wrapper }
    for owner in byOwner.keys.sorted() {
      out += "\nextension \(owner) {\n"
      for wrapper in byOwner[owner]! {
        out += wrapper.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
      }
      out += "}\n"
    }
    return out
  }

  private struct Parameter {
    var declaration: String
    var argument: String
  }

  private func wrapper(for symbol: FunctionSymbol, requirements: [ImplicitKeyRef]) -> String? {
    if let owner = symbol.owner, owner.kind == .protocol || owner.access < .public { return nil }
    let signature: FunctionSignatureSyntax
    let head: String
    let callee: String
    var genericWhere = ""
    switch symbol.kind {
    case .function:
      guard let function = symbol.declaration.as(FunctionDeclSyntax.self) else { return nil }
      signature = function.signature
      let generics = function.genericParameterClause?.trimmedText ?? ""
      genericWhere = function.genericWhereClause.map { " " + $0.trimmedText } ?? ""
      head = attributes(function.attributes) + modifiers(function.modifiers) + "func \(function.name.text)\(generics)"
      callee = (symbol.isStatic ? "Self." : symbol.owner == nil ? "" : "self.") + function.name.text
    case .initializer:
      guard let initializer = symbol.declaration.as(InitializerDeclSyntax.self), let owner = symbol.owner else { return nil }
      signature = initializer.signature
      let generics = initializer.genericParameterClause?.trimmedText ?? ""
      genericWhere = initializer.genericWhereClause.map { " " + $0.trimmedText } ?? ""
      let convenience = owner.kind == .class ? "convenience " : ""
      head = attributes(initializer.attributes) + "public \(convenience)init\(initializer.optionalMark?.text ?? "")\(generics)"
      callee = "self.init"
    case .subscript:
      return nil
    }
    var parameters: [Parameter] = []
    // The wrapper's argument labels, to check for a clash.
    var labels: [String?] = []
    var usedNames = Set<String>()
    for parameter in signature.parameterClause.parameters {
      if SyntaxFacts.isImplicitScopeType(parameter.type) {
        parameters.append(Parameter(declaration: "", argument: "scope"))
        continue
      }
      if parameter.ellipsis != nil || parameter.type.trimmedText.hasPrefix("inout ") { return nil }
      let local = (parameter.secondName ?? parameter.firstName).text
      usedNames.insert(local)
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      labels.append(label)
      let declaration = parameter.with(\.trailingComma, nil).trimmedText
      parameters.append(Parameter(declaration: declaration, argument: label.map { "\($0): \(local)" } ?? local))
    }
    var provides: [String] = []
    var keyParameters: [String] = []
    for (index, key) in requirements.enumerated() {
      var name = Self.parameterName(for: key)
      while usedNames.contains(name) || name == "scope" { name += "Value" }
      usedNames.insert(name)
      labels.append(name)
      guard let type = valueType(of: key) else { return nil }
      let parameterType = Self.isFunctionType(type) ? "@escaping \(type)" : type
      keyParameters.append("\(name): \(parameterType)")
      switch key.kind {
      case .type: provides.append("@Implicit var implicit\(index): \(type) = \(name)")
      case .named: provides.append("@Implicit(ImplicitsKeys.\(key.name)) var implicit\(index): \(type) = \(name)")
      }
    }
    let declarations = parameters.map(\.declaration).filter { !$0.isEmpty } + keyParameters
    if clashes(symbol, labels: labels) { return nil }
    let effects = signature.effectSpecifiers?.trimmedText ?? ""
    let returns = signature.returnClause?.trimmedText ?? ""
    let isAsync = signature.effectSpecifiers?.asyncSpecifier != nil
    let isThrowing = signature.effectSpecifiers?.throwsClause != nil
    let call = (isThrowing ? "try " : "") + (isAsync ? "await " : "")
      + "\(callee)(\(parameters.map(\.argument).joined(separator: ", ")))"
    var text = "/// `\(symbol.signature)` with its implicits as arguments.\n"
    text += "\(head)(\(declarations.joined(separator: ", ")))\(effects.isEmpty ? "" : " " + effects)\(returns.isEmpty ? "" : " " + returns)\(genericWhere) {\n"
    text += "  let scope = ImplicitScope()\n  defer { scope.end() }\n"
    for provide in provides { text += "  \(provide)\n" }
    text += symbol.kind == .initializer ? "  \(call)\n" : "  return \(call)\n"
    text += "}\n"
    return text
  }

  private func attributes(_ list: AttributeListSyntax) -> String {
    let kept = list.compactMap { element -> String? in
      guard let attribute = element.as(AttributeSyntax.self) else { return nil }
      let name = attribute.attributeName.trimmedText
      return ["discardableResult", "MainActor", "available"].contains(name) ? attribute.trimmedText : nil
    }
    return kept.isEmpty ? "" : kept.joined(separator: " ") + " "
  }

  private func modifiers(_ list: DeclModifierListSyntax) -> String {
    var words = ["public"]
    for modifier in list {
      switch modifier.name.tokenKind {
      case .keyword(.static), .keyword(.mutating), .keyword(.nonisolated): words.append(modifier.name.text)
      default: continue
      }
    }
    return words.joined(separator: " ") + " "
  }

  private func valueType(of key: ImplicitKeyRef) -> String? {
    guard key.isNameable else { return nil }
    switch key.kind {
    case .type: return spelling.spell(key)
    case .named:
      if let local = symbols.namedKeys[key.name]?.first(where: { $0.key == key }) {
        return spelling.spell(local.valueType)
      }
      return upstream.namedKey(key.name).flatMap {
        spelling.spell(SemanticType.parse($0.decl.valueType, moduleNames: spelling.moduleNames))
      }
    }
  }

  /// Whether the module already declares a function the wrapper would clash with.
  private func clashes(_ symbol: FunctionSymbol, labels: [String?]) -> Bool {
    let siblings = symbol.owner?.methods[symbol.baseName] ?? symbols.freeFunctions[symbol.baseName] ?? []
    return siblings.contains { $0.parameters.map(\.label) == labels && $0.isStatic == symbol.isStatic }
  }

  /// `Network` → `network`, `Optional<Logger>` → `logger`, `\.apiBaseURL` → `apiBaseURL`.
  static func parameterName(for key: ImplicitKeyRef) -> String {
    if key.kind == .named { return key.name }
    if isFunctionType(key.spelling) { return "handler" }
    let identifiers = key.spelling.split { !($0.isLetter || $0.isNumber || $0 == "_") }
      .filter { !["Optional", "Array", "Dictionary", "Set", "Swift", "any", "some"].contains($0) }
    guard let last = identifiers.last, let first = last.first else { return "value" }
    var name = String(first).lowercased() + last.dropFirst()
    if name.first?.isNumber == true { name = "value" + name }
    return name
  }

  static func isFunctionType(_ type: String) -> Bool {
    let trimmed = type.hasPrefix("@Sendable ") ? String(type.dropFirst("@Sendable ".count)) : type
    return trimmed.hasPrefix("(") && trimmed.contains("->")
  }
}
