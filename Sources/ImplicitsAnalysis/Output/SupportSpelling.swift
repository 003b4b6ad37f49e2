import ImplicitsInterface

/// Spells types and keys in the generated support file so that each names
/// the declaration its identity names, from that file: the module's own
/// types by their path in the module (`Feed.Item`), an upstream module's
/// types unqualified where nothing else in the module's scope has their
/// name, module-qualified (`Core.Config`) where something does. A type
/// that no spelling can reach from there (file-private, local, or shadowed
/// both ways) has none: the analysis reports it where it is captured.
struct SupportSpelling {
  let symbols: ModuleSymbols
  let upstream: UpstreamModules
  let moduleNames: ModuleNames

  /// A named key is spelled by its key, `ImplicitsKeys.name`, never by a key
  /// path: Swift 6.3 reads a null property descriptor through a key path
  /// to another module's `static let` declared in an extension (see the
  /// user guide's known issues), and the key itself names the same
  /// declaration from any module.
  func spell(_ key: ImplicitKeyRef) -> String? {
    guard key.isNameable else { return nil }
    switch key.kind {
    case .named: return "ImplicitsKeys." + key.name
    case .type: return spell(SemanticType.parse(key.spelling, moduleNames: moduleNames))
    }
  }

  func spell(_ type: SemanticType) -> String? {
    switch type {
    case .nominal(let nominal):
      guard nominal.discriminator == nil, let path = spell(path: nominal) else { return nil }
      guard !nominal.arguments.isEmpty else { return path }
      var arguments: [String] = []
      for argument in nominal.arguments {
        guard let spelled = spell(argument) else { return nil }
        arguments.append(spelled)
      }
      return path + "<" + arguments.joined(separator: ", ") + ">"
    case .optional(let wrapped):
      return spell(wrapped).map { "Optional<" + $0 + ">" }
    case .tuple(let elements):
      var parts: [String] = []
      for element in elements {
        guard let spelled = spell(element.type) else { return nil }
        parts.append((element.label.map { $0 + ": " } ?? "") + spelled)
      }
      return "(" + parts.joined(separator: ", ") + ")"
    case .function(let parameters, let effects, let result):
      var parts: [String] = []
      for parameter in parameters {
        guard let spelled = spell(parameter) else { return nil }
        parts.append(spelled)
      }
      return spell(result).map { "(" + parts.joined(separator: ", ") + ")" + effects + " -> " + $0 }
    case .metatype(let base, let suffix):
      return spell(base).map { $0 + "." + suffix }
    case .composition(let elements):
      // Parenthesized: `Optional<(A & B)>`, `(A & B).Type`.
      var parts: [String] = []
      for element in elements {
        guard let spelled = spell(element) else { return nil }
        parts.append(spelled)
      }
      return "(" + parts.joined(separator: " & ") + ")"
    case .generic:
      return nil
    case .opaque(let text):
      return text
    }
  }

  private func spell(path nominal: SemanticType.Nominal) -> String? {
    let components = nominal.path.split(separator: ".").map(String.init)
    guard nominal.isModuleQualified, components.count > 1 else {
      // A type the analyzer knows no declaration of, as written: fine
      // unless a type of this module or an upstream one has its name.
      guard let first = components.first, !declaredInScope(first) else { return nil }
      return nominal.path
    }
    let module = components[0]
    let rest = components.dropFirst().joined(separator: ".")
    if module == symbols.moduleName { return rest }
    let head = components[1]
    if symbols.moduleTypes[head] == nil, symbols.typealiases[head] == nil,
      upstream.modulesDeclaringType(named: head) == [module]
    {
      return rest
    }
    // Qualified, unless the module's name is itself a type's name here.
    return declaredInScope(module) ? nil : nominal.path
  }

  /// Whether a top-level type of this module or of a visible upstream one
  /// is named `name`.
  private func declaredInScope(_ name: String) -> Bool {
    symbols.moduleTypes[name] != nil || symbols.typealiases[name] != nil
      || !upstream.modulesDeclaringType(named: name).isEmpty
  }
}
