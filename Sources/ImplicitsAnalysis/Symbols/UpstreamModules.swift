import ImplicitsInterface

/// The interfaces of upstream modules that the analyzed module imports.
///
/// Interfaces handed to the analyzer but not imported (directly or through
/// `@_exported import`) are never consulted: their records are not even
/// decoded, so a module handed fifty interfaces pays only for the ones it
/// imports. Lookups are cached.
final class UpstreamModules {
  private let files: [String: any UpstreamInterface]
  /// Visible modules in lookup order, with whether internal (testable)
  /// symbols are visible too.
  private(set) var visible: [(module: String, testable: Bool)] = []
  private var typeCache: [String: (TypeDecl, String)?] = [:]
  private var aliasCache: [String: (TypealiasDecl, String)?] = [:]
  private var functionCache: [String: [(FunctionDecl, String)]] = [:]
  private var keyCache: [String: (NamedKeyDecl, String)?] = [:]

  init(files: [any UpstreamInterface]) {
    var byName: [String: any UpstreamInterface] = [:]
    for file in files { byName[file.moduleName] = file }
    self.files = byName
  }

  var knownModules: Set<String> { Set(files.keys) }

  /// Makes the imported modules visible, following re-exports.
  func setImports(_ imports: [ImportInfo]) {
    var testable: [String: Bool] = [:]
    var order: [String] = []
    func visit(_ module: String, isTestable: Bool) {
      if let existing = testable[module] {
        if isTestable && !existing { testable[module] = true }
        return
      }
      guard let file = files[module] else { return }
      testable[module] = isTestable
      order.append(module)
      for reexport in file.reexports { visit(reexport, isTestable: false) }
    }
    for info in imports.sorted(by: { $0.module < $1.module }) {
      visit(info.module, isTestable: info.isTestable)
    }
    visible = order.map { ($0, testable[$0] ?? false) }
  }

  var visibleModuleNames: [String] { visible.map(\.module) }

  func isVisibleModule(_ name: String) -> Bool { visible.contains { $0.module == name } }

  private func admits(_ visibility: Visibility, testable: Bool) -> Bool {
    visibility == .public || testable
  }

  /// A type or extension record by qualified name, from the first visible
  /// module that has one (restricted to `module` when given).
  func type(named name: String, module: String? = nil) -> (decl: TypeDecl, module: String)? {
    let cacheKey = (module ?? "") + "|" + name
    if let cached = typeCache[cacheKey] { return cached }
    var found: (TypeDecl, String)?
    for (candidate, testable) in visible where module == nil || module == candidate {
      if let decl = files[candidate]?.type(named: name), admits(decl.visibility, testable: testable),
        decl.kind != .extension
      {
        found = (decl, candidate)
        break
      }
    }
    typeCache[cacheKey] = found
    return found
  }

  /// Every visible record for a type name, including extensions, from all
  /// visible modules (conformances and superclasses are merged by callers).
  func typeRecords(named name: String) -> [(decl: TypeDecl, module: String)] {
    visible.compactMap { candidate, testable in
      guard let decl = files[candidate]?.type(named: name), admits(decl.visibility, testable: testable) else {
        return nil
      }
      return (decl, candidate)
    }
  }

  func typealiasDecl(named name: String) -> (decl: TypealiasDecl, module: String)? {
    if let cached = aliasCache[name] { return cached }
    var found: (TypealiasDecl, String)?
    for (candidate, testable) in visible {
      if let decl = files[candidate]?.typealiasDecl(named: name), admits(decl.visibility, testable: testable) {
        found = (decl, candidate)
        break
      }
    }
    aliasCache[name] = found
    return found
  }

  /// Scope-taking functions of `owner` (nil: free functions) named
  /// `baseName`, from every visible module (restricted to `module` when
  /// given).
  func functions(owner: String?, baseName: String, module: String? = nil) -> [(decl: FunctionDecl, module: String)] {
    let cacheKey = (module ?? "") + "|" + (owner ?? "") + "|" + baseName
    if let cached = functionCache[cacheKey] { return cached }
    var found: [(FunctionDecl, String)] = []
    for (candidate, testable) in visible where module == nil || module == candidate {
      for decl in files[candidate]?.functions(owner: owner, baseName: baseName) ?? []
      where admits(decl.visibility, testable: testable) {
        found.append((decl, candidate))
      }
    }
    functionCache[cacheKey] = found
    return found
  }

  func namedKey(_ name: String) -> (decl: NamedKeyDecl, module: String)? {
    if let cached = keyCache[name] { return cached }
    var found: (NamedKeyDecl, String)?
    for (candidate, testable) in visible {
      if let decl = files[candidate]?.namedKey(name), admits(decl.visibility, testable: testable) {
        found = (decl, candidate)
        break
      }
    }
    keyCache[name] = found
    return found
  }

  /// The interfaces the analysis depended on (the visible ones), for the
  /// header of the module's own interface.
  var upstreamRecords: [UpstreamRecord] {
    visible.compactMap { module, _ in
      files[module].map { UpstreamRecord(moduleName: module, fingerprint: $0.fingerprint) }
    }.sorted { $0.moduleName < $1.moduleName }
  }
}
