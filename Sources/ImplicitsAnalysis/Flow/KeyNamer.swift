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
      let text = IdentityDiscriminator.removingAll(from: key.spelling)
      return SemanticType.parse(text, moduleNames: moduleNames).display
    }
  }

  static func qualifiedName(_ key: ImplicitKeyRef) -> String {
    switch key.kind {
    case .named:
      let identity = DeclarationIdentity(text: key.spelling)
      let module = identity?.module ?? String(IdentityDiscriminator.split(key.spelling).path)
      return "\\." + key.name + " (\(module)" + (identity?.discriminator.map { "," + $0.text } ?? "") + ")"
    case .type:
      return key.spelling
    }
  }
}
