import ImplicitsInterface

/// How diagnostics name keys: by their short name (`Config`, `\\.apiBaseURL`),
/// and by their qualified one (`Core.Config`, `App.Config (fileprivate in
/// A.swift)`, `\\.apiBaseURL (Core)`) where two keys the module meets would
/// read the same.
struct KeyNamer {
  private var names: [ImplicitKeyRef: String] = [:]
  private let moduleNames: ModuleNames

  init(keys: some Sequence<ImplicitKeyRef>, moduleNames: ModuleNames) {
    self.moduleNames = moduleNames
    var byShort: [String: Set<ImplicitKeyRef>] = [:]
    for key in keys { byShort[Self.shortName(key, moduleNames: moduleNames), default: []].insert(key) }
    for (short, group) in byShort {
      for key in group { names[key] = group.count == 1 ? short : Self.qualifiedName(key) }
    }
  }

  func name(_ key: ImplicitKeyRef) -> String {
    names[key] ?? Self.shortName(key, moduleNames: moduleNames)
  }

  static func shortName(_ key: ImplicitKeyRef, moduleNames: ModuleNames) -> String {
    switch key.kind {
    case .named:
      return "\\." + key.name
    case .type:
      let text = withoutDiscriminators(key.spelling)
      return SemanticType.parse(text, moduleNames: moduleNames).display
    }
  }

  static func qualifiedName(_ key: ImplicitKeyRef) -> String {
    switch key.kind {
    case .named:
      var identity = Substring(key.spelling)
      var suffix = ""
      if let space = identity.firstIndex(of: " ") {
        suffix = String(identity[space...])
        identity = identity[..<space]
      }
      let module = identity.split(separator: ".").first.map(String.init) ?? ""
      return "\\." + key.name + " (\(module)" + (suffix.isEmpty ? "" : "," + suffix.dropFirst(2).dropLast()) + ")"
    case .type:
      return key.spelling
    }
  }

  /// The identity without its ` (private in …)`, ` (fileprivate in …)`
  /// and ` (local in …)` groups.
  static func withoutDiscriminators(_ text: String) -> String {
    guard text.contains(" in ") else { return text }
    var result = ""
    var depth = 0
    var chars = Array(text)
    var index = 0
    while index < chars.count {
      let char = chars[index]
      if depth == 0, char == " ", index + 1 < chars.count, chars[index + 1] == "(",
        ["private in ", "fileprivate in ", "local in "].contains(where: { String(chars[(index + 2)...].prefix($0.count)) == $0 })
      {
        depth = 1
        index += 2
        continue
      }
      if depth > 0 {
        if char == "(" { depth += 1 }
        if char == ")" { depth -= 1 }
        index += 1
        continue
      }
      result.append(char)
      index += 1
    }
    chars.removeAll()
    return result
  }
}
