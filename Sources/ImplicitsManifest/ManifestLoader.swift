import ImplicitsFileSystem

extension Manifest {
  /// Reads the manifest at `path` (relative paths are taken from the
  /// current directory) and checks every rule about the file itself.
  ///
  /// All problems found are thrown together, sorted by position, each as
  /// `path:line:column: error: message` with the manifest's absolute path.
  /// Sources matching nothing, dependency cycles and missing external
  /// interface files are *not* checked here; see `SourceResolver`.
  public static func load(path: String, fileSystem: any FileSystem = LocalFileSystem()) throws(ManifestErrors) -> Manifest {
    let absolutePath = PathUtilities.absolute(path, relativeTo: PathUtilities.currentDirectory())
    let bytes: [UInt8]
    do {
      bytes = try fileSystem.read(absolutePath, limit: maximumFileSize)
    } catch {
      let reason: String
      switch error.cause {
      case .tooLarge: reason = "the file is larger than \(maximumFileSize >> 20) MiB"
      case _ where error.isMissing: reason = error.systemMessage
      default: reason = error.reason
      }
      throw ManifestErrors([ManifestError(path: absolutePath, location: nil, message: "cannot read the manifest: \(reason)")])
    }
    return try decode(bytes: bytes, path: absolutePath)
  }

  /// The largest manifest read. A real one is a few kilobytes.
  static let maximumFileSize = 16 << 20

  /// Checks manifest text as if it were the file at `path`, which sets the
  /// directory relative paths are resolved from. Nothing is read from disk.
  public static func parse(_ text: String, path: String) throws(ManifestErrors) -> Manifest {
    try decode(
      bytes: Array(text.utf8), path: PathUtilities.absolute(path, relativeTo: PathUtilities.currentDirectory()))
  }

  static func decode(bytes: [UInt8], path: String) throws(ManifestErrors) -> Manifest {
    guard let root = try YAMLReader.parse(bytes: bytes, path: path) else {
      throw ManifestErrors([
        ManifestError(
          path: path, location: Location(line: 1, column: 1),
          message: "the manifest is empty; it needs at least 'version: 1' and a 'modules' list")
      ])
    }
    var decoder = ManifestDecoder(path: path)
    let manifest = decoder.decode(root)
    guard let manifest, decoder.errors.isEmpty else { throw ManifestErrors(decoder.errors) }
    return manifest
  }
}

/// Turns a YAML tree into a `Manifest`, collecting every rule violation
/// instead of stopping at the first.
struct ManifestDecoder {
  static let topLevelKeys = [
    "version", "output-dir", "sources-root", "compilation-conditions", "configurations", "modules",
    "external-interfaces",
  ]
  static let moduleKeys = ["name", "sources", "exclude", "dependencies", "compilation-conditions"]
  static let externalInterfaceKeys = ["name", "path"]

  let path: String
  let directory: String
  private(set) var errors: [ManifestError] = []

  init(path: String) {
    self.path = path
    self.directory = PathUtilities.directory(of: path)
  }

  mutating func report(_ message: String, at location: Location) {
    errors.append(ManifestError(path: path, location: location, message: message))
  }

  /// A decimal float that is a whole number (`1.0`, `1e0`), as an integer.
  static func integralFloat(_ text: String) -> Int? {
    guard let value = Double(text), value.isFinite, value == value.rounded(), abs(value) < 1e9 else { return nil }
    return Int(value)
  }

  static var supportedVersionsText: String {
    let versions = Manifest.supportedVersions.map(String.init)
    return versions.count == 1
      ? "version \(versions[0])" : "versions \(versions.dropLast().joined(separator: ", ")) and \(versions.last!)"
  }

  // MARK: The top level

  /// The manifest, or `nil` when too little of it is usable. Errors are in
  /// `errors` either way.
  mutating func decode(_ root: YAMLNode) -> Manifest? {
    guard case .mapping(let entries) = root.content else {
      report(
        "expected a mapping (version, modules, ...) at the top of the manifest, found \(root.kindDescription)",
        at: root.location)
      return nil
    }

    // The version comes first: a file of another version is not judged by
    // this version's rules (its new keys would all be "unknown").
    var version = Manifest.supportedVersions.last!
    if let entry = entries.first(where: { $0.key.scalar?.value == "version" }) {
      let node = entry.value
      // `1.0` is the number 1, as JSON Schema (and the published schema)
      // sees it.
      if let scalar = node.scalar, scalar.kind == .integer || scalar.kind == .float {
        guard let value = scalar.integerValue ?? Self.integralFloat(scalar.value), Manifest.supportedVersions.contains(value)
        else {
          errors = [
            ManifestError(
              path: path, location: node.location,
              message: "unsupported manifest version \(scalar.value); this tool reads \(Self.supportedVersionsText)")
          ]
          return nil
        }
        version = value
      } else {
        report(
          "expected an integer for 'version', found \(node.kindDescription); this tool reads \(Self.supportedVersionsText)",
          at: node.location)
      }
    } else {
      report(
        "missing 'version'; add 'version: \(version)' (this tool reads \(Self.supportedVersionsText))",
        at: root.location)
    }

    let keys = checkKeys(entries, known: Self.topLevelKeys, context: "at the top level")

    let outputDirectory = optionalPath(keys["output-dir"], key: "output-dir")
    let sourcesRoot = optionalPath(keys["sources-root"], key: "sources-root")
    let conditions = optionalStringList(keys["compilation-conditions"], key: "compilation-conditions")
    checkConditions(conditions)
    let configurations = keys["configurations"].map { decodeConfigurations($0) } ?? []

    var externals: [ExternalInterfaceSpec] = []
    if let entry = keys["external-interfaces"], let items = mappingList(entry, of: "external interface") {
      externals = items.compactMap { decodeExternalInterface($0) }
    }

    var modules: [ModuleSpec] = []
    if let entry = keys["modules"] {
      if let items = mappingList(entry, of: "module") {
        if items.isEmpty {
          report("'modules' is empty; a manifest declares at least one module", at: entry.value.location)
        }
        modules = items.compactMap { decodeModule($0) }
      }
    } else {
      report("missing 'modules'; a manifest declares at least one module", at: root.location)
    }

    checkNames(modules: modules, externals: externals)
    checkDependencies(modules: modules, externals: externals)

    var manifest = Manifest(
      path: path, version: version, outputDirectory: outputDirectory, sourcesRoot: sourcesRoot,
      compilationConditions: conditions.map(\.value), modules: modules, externalInterfaces: externals)
    manifest.configurations = configurations
    manifest.sourcesRootLocation = keys["sources-root"]?.value.location
    manifest.outputDirectoryLocation = keys["output-dir"]?.value.location
    return manifest
  }

  /// `configurations: {Debug: [DEBUG], Release: []}`: names (which become
  /// folder names under the output directory) and their conditions.
  private mutating func decodeConfigurations(_ entry: YAMLMappingEntry) -> [ConfigurationSpec] {
    let node = entry.value
    guard case .mapping(let entries) = node.content else {
      if node.scalar?.kind == .null { return [] }
      report(
        "expected a mapping of configuration names to lists of conditions for 'configurations' "
          + "(for example {Debug: [DEBUG], Release: []}), found \(node.kindDescription)", at: node.location)
      return []
    }
    var result: [ConfigurationSpec] = []
    for item in entries {
      guard let name = item.key.scalar, name.kind != .null else {
        report("expected a configuration name in 'configurations', found \(item.key.kindDescription)", at: item.key.location)
        continue
      }
      if let first = result.first(where: { $0.name == name.value }) {
        report(
          "duplicate configuration '\(name.value)'; the first is at line \(first.location.line), column \(first.location.column)",
          at: item.key.location)
        continue
      }
      if let problem = Self.configurationNameProblem(name.value) {
        report("'\(name.value)' is not a valid configuration name: \(problem)", at: item.key.location)
        continue
      }
      let conditions = stringList(item, key: "configurations: \(name.value)") ?? []
      checkConditions(conditions)
      result.append(ConfigurationSpec(name: name.value, conditions: conditions, location: item.key.location))
    }
    return result
  }

  /// Configuration names become folder names: ASCII letters, digits, `_`,
  /// `-` and `.`, starting with a letter, a digit or `_`.
  static func configurationNameProblem(_ name: String) -> String? {
    guard let first = name.unicodeScalars.first else { return "it is empty" }
    if let bad = name.unicodeScalars.first(where: { !(("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)) }) {
      return "it contains \(bad == " " ? "a space" : "'\(bad)'"); use ASCII letters, digits, '_', '-' and '.'"
    }
    if first == "-" || first == "." { return "it starts with '\(first)'" }
    return nil
  }

  // MARK: Modules and external interfaces

  private mutating func decodeModule(_ node: YAMLNode) -> ModuleSpec? {
    guard case .mapping(let entries) = node.content else { return nil }  // reported by mappingList
    let peeked = Self.peekName(entries)
    let context = peeked.map { "module '\($0)'" } ?? "module"
    let keys = checkKeys(entries, known: Self.moduleKeys, context: "in \(context)")

    let name = requiredString(keys["name"], key: "name", missing: "a module needs a 'name'", at: node.location)
    if let name, let problem = SwiftIdentifier.problem(with: name.value) {
      report("'\(name.value)' is not a valid module name: \(problem)", at: name.location)
    }

    var sources: [Located<String>] = []
    if let entry = keys["sources"] {
      if let list = stringList(entry, key: "sources") {
        if list.isEmpty, !Self.hasItems(entry.value) {  // not when every item was wrong
          report("'sources' of \(context) is empty; list at least one directory or glob", at: entry.value.location)
        }
        sources = list
      }
    } else {
      report("\(context) has no 'sources'; list the directories or globs of its .swift files", at: node.location)
    }
    checkPatterns(sources, key: "sources")

    let exclude = optionalStringList(keys["exclude"], key: "exclude")
    checkPatterns(exclude, key: "exclude")
    let dependencies = optionalStringList(keys["dependencies"], key: "dependencies")
    let conditions = optionalStringList(keys["compilation-conditions"], key: "compilation-conditions")
    checkConditions(conditions)

    guard let name else { return nil }
    return ModuleSpec(
      name: name.value, location: node.location, nameLocation: name.location, sources: sources, exclude: exclude,
      dependencies: dependencies, compilationConditions: conditions)
  }

  private mutating func decodeExternalInterface(_ node: YAMLNode) -> ExternalInterfaceSpec? {
    guard case .mapping(let entries) = node.content else { return nil }  // reported by mappingList
    let peeked = Self.peekName(entries)
    let context = peeked.map { "external interface '\($0)'" } ?? "external interface"
    let keys = checkKeys(entries, known: Self.externalInterfaceKeys, context: "in \(context)")

    let name = requiredString(
      keys["name"], key: "name", missing: "an external interface needs a 'name'", at: node.location)
    if let name, let problem = SwiftIdentifier.problem(with: name.value) {
      report("'\(name.value)' is not a valid external interface name: \(problem)", at: name.location)
    }
    let file = requiredString(
      keys["path"], key: "path", missing: "\(context) has no 'path' to its .implicitinterface file",
      at: node.location)
    if let file, file.value.isEmpty {
      report("'path' of \(context) is empty", at: file.location)
    }
    guard let name, let file, !file.value.isEmpty else { return nil }
    return ExternalInterfaceSpec(
      name: name.value, path: PathUtilities.absolute(file.value, relativeTo: directory), location: node.location,
      nameLocation: name.location, pathLocation: file.location)
  }

  private static func hasItems(_ node: YAMLNode) -> Bool {
    if case .sequence(let items) = node.content { return !items.isEmpty }
    return false
  }

  /// The `name` of a module or external interface before its keys are
  /// checked, to say which one an error is about.
  private static func peekName(_ entries: [YAMLMappingEntry]) -> String? {
    guard let value = entries.first(where: { $0.key.scalar?.value == "name" })?.value.scalar,
      value.kind == .string, !value.value.isEmpty
    else { return nil }
    return value.value
  }

  // MARK: Cross-checks

  private mutating func checkNames(modules: [ModuleSpec], externals: [ExternalInterfaceSpec]) {
    // The position of each name's first module (a module is a large value).
    var firstModule: [String: Int] = [:]
    firstModule.reserveCapacity(modules.count)
    for (position, module) in modules.enumerated() {
      if let first = firstModule[module.name].map({ modules[$0] }) {
        report(
          "duplicate module name '\(module.name)'; the first is at line \(first.nameLocation.line), column \(first.nameLocation.column)",
          at: module.nameLocation)
      } else {
        firstModule[module.name] = position
      }
    }
    var firstExternal: [String: ExternalInterfaceSpec] = [:]
    for external in externals {
      if let first = firstExternal[external.name] {
        report(
          "duplicate external interface name '\(external.name)'; the first is at line \(first.nameLocation.line), column \(first.nameLocation.column)",
          at: external.nameLocation)
      } else {
        firstExternal[external.name] = external
      }
    }
    for (position, module) in modules.enumerated() where firstModule[module.name] == position {
      if let external = firstExternal[module.name] {
        report(
          "module '\(module.name)' has the same name as the external interface at line \(external.nameLocation.line), column \(external.nameLocation.column); a name is either a module of this manifest or an external interface",
          at: module.nameLocation)
      }
    }
  }

  private mutating func checkDependencies(modules: [ModuleSpec], externals: [ExternalInterfaceSpec]) {
    var known = Set<String>(minimumCapacity: modules.count + externals.count)
    for name in modules.map(\.name) + externals.map(\.name) { known.insert(name) }
    // Only a misspelled dependency needs the names in order.
    var candidates: [String] {
      var seen = Set<String>()
      return (modules.map(\.name) + externals.map(\.name)).filter { seen.insert($0).inserted }
    }
    for module in modules {
      var seen: Set<String> = []
      for dependency in module.dependencies {
        if dependency.value == module.name {
          report("module '\(module.name)' depends on itself", at: dependency.location)
        } else if !known.contains(dependency.value) {
          report(
            "unknown dependency '\(dependency.value)' of module '\(module.name)': no module or external interface of this manifest has that name"
              + NameSuggestions.didYouMean(dependency.value, among: candidates), at: dependency.location)
        } else if seen.contains(dependency.value) {
          report("module '\(module.name)' lists the dependency '\(dependency.value)' twice", at: dependency.location)
        }
        seen.insert(dependency.value)
      }
    }
  }

  private mutating func checkConditions(_ conditions: [Located<String>]) {
    for condition in conditions {
      if let message = CompilationCondition.message(about: condition.value) {
        report(message, at: condition.location)
      }
    }
  }

  private mutating func checkPatterns(_ patterns: [Located<String>], key: String) {
    for pattern in patterns {
      do {
        _ = try GlobPattern(pattern.value)
      } catch {
        report("invalid pattern '\(pattern.value)' in '\(key)': \(error.message)", at: pattern.location)
      }
    }
  }
}
