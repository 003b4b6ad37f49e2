import ImplicitsInterface

/// The interfaces of upstream modules that the analyzed module imports.
///
/// Interfaces handed to the analyzer but neither imported (directly or
/// through `@_exported import`) nor named by a type the module reaches are
/// never consulted: their records are not even decoded, so a module handed
/// fifty interfaces pays only for the ones it uses. Look-ups probe only
/// the modules a `NameDirectory` of the visible ones names; their answers
/// are kept in `UpstreamLookups`.
/// Types, owners and keys are identities (`Core.Service`).
final class UpstreamModules {
  /// The interfaces the analysis may read, found when first asked for.
  let files: UpstreamInterfaces
  /// Visible modules in lookup order, with whether internal (testable)
  /// symbols are visible too.
  private(set) var visible: [(module: String, testable: Bool)] = []
  private var visibleSet: [String: Bool] = [:]
  /// Modules imported only by scoped imports (`import struct Core.Config`),
  /// with the names that unqualified look-ups find in them.
  private var scopedImports: [String: Set<String>] = [:]
  /// What the look-ups found so far.
  private let lookups = UpstreamLookups()
  /// Modules whose interface the analysis read (for the header).
  private var consulted: Set<String> = []
  /// The keys of the upstream functions' requirement lists.
  let keys = KeyTable()
  private var directory = NameDirectory()
  /// The base names of the scope-taking functions of the visible modules.
  private(set) var scopeTakingBaseNames: Set<String> = []
  /// The base names of visible functions that take a closure.
  private(set) var closureTakingBaseNames: Set<String> = []

  init(files: UpstreamInterfaces) {
    self.files = files
  }

  /// Modules the code imports that no given interface describes, other
  /// than the platform's and the toolchain's: where a callee the analyzer
  /// cannot find most likely comes from (a forgotten dependency).
  func importsWithoutInterface(_ imports: [ImportInfo], moduleName: String) -> [String] {
    let names = Set(imports.map(\.module)).subtracting(Self.platformModules)
    return names.filter { $0 != moduleName && files.interface(of: $0) == nil }.sorted()
  }

  /// Modules of the toolchain and the platforms, which have no interface.
  static let platformModules: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "Darwin", "Glibc", "Musl", "WASILibc", "WinSDK", "ucrt", "Android", "Bionic",
    "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "Synchronization", "Distributed", "Cxx",
    "CxxStdlib", "XCTest", "Testing", "os", "OSLog", "UIKit", "AppKit", "SwiftUI", "Combine", "CoreFoundation",
    "CoreGraphics", "CoreData", "SwiftData", "Implicits", "ImplicitsMacros",
  ]

  /// Makes the imported modules visible, following re-exports, and lists
  /// the names their interfaces hold records under. Everything read of
  /// every visible interface is read here, in one visit: a module that
  /// imports very many holds only some of their files at once
  /// (`InterfaceBudget`), and would read the others again for each pass.
  ///
  /// With a `cache` (an `AnalysisSession`, which holds every interface it
  /// reads), the names of the same interfaces in the same order are those
  /// of the last analysis: the visit reads only re-exports and fingerprints.
  func setImports(_ imports: [ImportInfo], cache: UpstreamNamesCache? = nil) {
    var testable: [String: Bool] = [:]
    var order: [String] = []
    var visited: [(module: String, file: any UpstreamInterface)] = []
    var names = VisibleNames()
    func visit(_ module: String, isTestable: Bool) {
      if let existing = testable[module] {
        if isTestable && !existing { testable[module] = true }
        return
      }
      guard let file = files.interface(of: module) else { return }
      testable[module] = isTestable
      order.append(module)
      if cache == nil { names.add(file, as: module) } else { visited.append((module, file)) }
      for reexport in file.reexports { visit(reexport, isTestable: false) }
    }
    for info in imports.sorted(by: { $0.module < $1.module }) {
      visit(info.module, isTestable: info.isTestable)
    }
    let wholeModules = Set(imports.filter { $0.declarationName == nil }.map(\.module))
    scopedImports = [:]
    for info in imports where !wholeModules.contains(info.module) {
      if let name = info.declarationName { scopedImports[info.module, default: []].insert(name) }
    }
    visible = order.map { ($0, testable[$0] ?? false) }
    visibleSet = testable
    consulted.formUnion(order)
    // With a cache, the visit only listed the interfaces (`visited`).
    let key = cache.map { _ in visited.map { UpstreamNamesCache.Visible(module: $0.module, fingerprint: $0.file.fingerprint) } }
    if let key, let kept = cache?.names(for: key) {
      names = kept
    } else {
      for (module, file) in visited { names.add(file, as: module) }
      names.directory.finish()
      if let key { cache?.keep(names, for: key) }
    }
    directory = names.directory
    scopeTakingBaseNames = names.scopeTaking
    closureTakingBaseNames = names.closureTaking
  }

  var visibleModuleNames: [String] { visible.map(\.module) }

  func isVisibleModule(_ name: String) -> Bool { visibleSet[name] != nil }

  private func admits(_ visibility: Visibility, module: String) -> Bool {
    visibility == .public || visibleSet[module] == true
  }

  /// Whether an unqualified look-up of `name` finds it in `module`: not when
  /// the module is imported only by scoped imports of other names.
  private func importsName(_ name: String, from module: String) -> Bool {
    scopedImports[module].map { $0.contains(name) } ?? true
  }

  /// The visible modules `names` lists (from the directory), then the
  /// module that declares `identity` (named by its first component) when it
  /// was handed over but not imported.
  private func modules(_ names: [String], for identity: String) -> [String] {
    var modules = names
    if let dot = identity.firstIndex(of: ".") {
      let declaring = String(identity[..<dot])
      if visibleSet[declaring] == nil, files.interface(of: declaring) != nil {
        modules.append(declaring)
        consulted.insert(declaring)
      }
    }
    return modules
  }

  // MARK: Types

  /// The identity of the type `name` declared at the top level of a visible
  /// module (`Core.Config` for `Config`), the first module in order.
  func visibleType(named name: String) -> String? {
    lookups.visibleTypes.answer(name) {
      for module in directory.modules(.ownType, name) where importsName(name, from: module) {
        let identity = module + "." + name
        if let decl = files.interface(of: module)?.type(named: identity), decl.kind != .extension,
          admits(decl.visibility, module: module)
        {
          return identity
        }
      }
      return nil
    }
  }

  /// Every visible module that declares a top-level type named `name`.
  func modulesDeclaringType(named name: String) -> [String] {
    directory.modules(.ownType, name).compactMap { module in
      guard importsName(name, from: module), let decl = files.interface(of: module)?.type(named: module + "." + name),
        decl.kind != .extension,
        admits(decl.visibility, module: module)
      else { return nil }
      return module
    }
  }

  /// The declaration record of the type with this identity.
  func typeDeclaration(identity: String) -> (decl: TypeDecl, module: String)? {
    lookups.typeDeclarations.answer(identity) {
      for module in modules(directory.modules(.type, identity), for: identity) {
        if let decl = files.interface(of: module)?.type(named: identity), decl.kind != .extension,
          admits(decl.visibility, module: module)
        {
          return (decl, module)
        }
      }
      return nil
    }
  }

  /// Every record for a type (its declaration and extensions), from the
  /// modules that can see it.
  func typeRecords(identity: String) -> [(decl: TypeDecl, module: String)] {
    lookups.typeRecords.answer(identity) {
      modules(directory.modules(.type, identity), for: identity).compactMap { module -> (decl: TypeDecl, module: String)? in
        guard let decl = files.interface(of: module)?.type(named: identity), admits(decl.visibility, module: module) else {
          return nil
        }
        return (decl, module)
      }
    }
  }

  func typealiasDecl(named name: String, module only: String? = nil) -> (decl: TypealiasDecl, module: String)? {
    lookups.typealiases.answer(UpstreamLookups.NameInModule(module: only, name: name)) {
      for module in directory.modules(.typeAlias, name) where only == module || (only == nil && importsName(name, from: module)) {
        if let decl = files.interface(of: module)?.typealiasDecl(named: name), admits(decl.visibility, module: module) {
          return (decl, module)
        }
      }
      return nil
    }
  }

  // MARK: Functions and keys

  /// Functions of `owner` (an identity; nil: free functions) named
  /// `baseName`, from every module that can see them (restricted to
  /// `module` when given).
  func functions(owner: String?, baseName: String, module only: String? = nil) -> [UpstreamFunction] {
    lookups.functions.answer(UpstreamLookups.FunctionName(module: only, owner: owner, baseName: baseName)) {
      findFunctions(owner: owner, baseName: baseName, module: only)
    }
  }

  private func findFunctions(owner: String?, baseName: String, module only: String?) -> [UpstreamFunction] {
    var found: [UpstreamFunction] = []
    let holders = directory.modules(.function, FunctionDecl.lookupKey(owner: owner, baseName: baseName))
    let candidates = owner.map { modules(holders, for: $0) } ?? holders
    for module in candidates where only == module || (only == nil && (owner != nil || importsName(baseName, from: module))) {
      for decl in files.interface(of: module)?.functions(owner: owner, baseName: baseName) ?? []
      where admits(decl.visibility, module: module) {
        found.append(UpstreamFunction(decl, module: module, keys: keys))
      }
    }
    return found
  }

  func namedKey(_ name: String) -> (decl: NamedKeyDecl, module: String)? {
    lookups.namedKeys.answer(name) {
      for module in directory.modules(.namedKey, name) {
        if let decl = files.interface(of: module)?.namedKey(name), admits(decl.visibility, module: module) {
          return (decl, module)
        }
      }
      return nil
    }
  }

  /// The interfaces the analysis depended on, for the header of the
  /// module's own interface.
  var upstreamRecords: [UpstreamRecord] {
    consulted.compactMap { module in
      files.interface(of: module).map { UpstreamRecord(moduleName: module, fingerprint: $0.fingerprint) }
    }.sorted { $0.moduleName < $1.moduleName }
  }
}

/// The names the visible interfaces hold records under, and their
/// scope-taking and closure-taking base names.
struct VisibleNames {
  let directory = NameDirectory()
  var scopeTaking = Set<String>()
  var closureTaking = Set<String>()

  /// Adds the next visible interface's names, in look-up order.
  mutating func add(_ file: any UpstreamInterface, as module: String) {
    directory.add(file.recordNames(), module: module)
    scopeTaking.formUnion(file.baseNames(withParameterFlags: 2))
    closureTaking.formUnion(file.baseNames(withParameterFlags: 4))
  }
}
