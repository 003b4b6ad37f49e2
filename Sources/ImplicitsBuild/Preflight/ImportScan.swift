import Dispatch
import ImplicitsFileSystem
import ImplicitsManifest

/// The most common mistake, found before any analysis: a module's source
/// imports another module of the manifest that is not among its
/// dependencies (directly or through them), so its interface would not
/// reach the analysis and every call into it would be unresolved.
///
/// The scan is lexical and reads only the head of each file: the `import`
/// lines before the first declaration. Imports inside `#if` (a module
/// imported only where it can be, `#if canImport(Core)`) are left alone.
enum ImportScan {
  struct Import: Equatable {
    var module: String
    var line: Int
  }

  /// How much of a file is read: imports come first.
  static let headLimit = 16 * 1024

  /// The unconditional imports at the head of `text`.
  static func imports(in text: Substring) -> [Import] {
    var found: [Import] = []
    var conditionDepth = 0
    var inBlockComment = false
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
      if inBlockComment {
        guard let end = line.range(of: "*/") else { continue }
        line = line[end.upperBound...].drop(while: { $0 == " " || $0 == "\t" })
        inBlockComment = false
      }
      if line.hasPrefix("/*") {
        if line.range(of: "*/") == nil { inBlockComment = true }
        continue
      }
      if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("#!") { continue }
      if line.hasPrefix("#if") { conditionDepth += 1; continue }
      if line.hasPrefix("#endif") { conditionDepth = max(0, conditionDepth - 1); continue }
      if line.hasPrefix("#else") || line.hasPrefix("#elseif") { continue }
      // Attributes before `import`: `@testable`, `@_exported`, `@preconcurrency`, `@_spi(X)`.
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
      while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
      guard words.first == "import" else {
        // An attribute alone on its line may belong to an import below.
        if words.isEmpty { continue }
        break
      }
      words = words.dropFirst()
      let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor", "macro"]
      if let first = words.first, kinds.contains(first) { words = words.dropFirst() }
      guard let path = words.first else { continue }
      let module = path.prefix { $0 != "." && $0 != ";" && $0 != "/" }
      if conditionDepth == 0, !module.isEmpty { found.append(Import(module: String(module), line: index + 1)) }
    }
    return found
  }

  /// The unconditional imports of the file at `path`; none when it cannot
  /// be read (the analysis reports that).
  static func imports(ofFile path: String, fileSystem: any FileSystem) -> [Import] {
    guard let head = try? fileSystem.readPrefix(path, count: headLimit) else { return [] }
    return imports(in: Substring(decoding: head, as: UTF8.self))
  }

  /// One message per module and imported module of the manifest that is
  /// not among its dependencies, at the module's name in the manifest.
  /// Modules are scanned on `threads` threads (each reads its files' heads).
  static func undeclaredDependencies(
    manifest: Manifest, graph: ModuleGraph, sources: [String: [SourceFile]], threads: Int = 1,
    fileSystem: any FileSystem = LocalFileSystem(),
    alreadyChecked: @Sendable (String) -> (SourceFile) -> Bool = { _ in { _ in false } }
  ) -> [(Location?, String)] {
    let known = Set(manifest.modules.map(\.name)).union(manifest.externalInterfaces.map(\.name))
    let modules = manifest.modules
    return modules.concurrentMap(threads: threads) { module in
      problems(
        of: module, manifest: manifest, graph: graph, sources: sources, known: known, fileSystem: fileSystem,
        alreadyChecked: alreadyChecked)
    }.flatMap { $0 }
  }

  private static func problems(
    of module: ModuleSpec, manifest: Manifest, graph: ModuleGraph, sources: [String: [SourceFile]], known: Set<String>,
    fileSystem: any FileSystem, alreadyChecked: (String) -> (SourceFile) -> Bool
  ) -> [(Location?, String)] {
    var problems: [(Location?, String)] = []
    // Each imported module is looked up from this one, not against its
    // whole closure: a no-op build of a deep graph stays linear.
    var checked: [String: Bool] = [:]
    func reaches(_ target: String) -> Bool {
      if let known = checked[target] { return known }
      let found = graph.depends(module.name, on: target)
      checked[target] = found
      return found
    }
    var reported = Set<String>()
    let unchangedSinceLastCheck = alreadyChecked(module.name)
    for file in sources[module.name] ?? [] where !unchangedSinceLastCheck(file) {
      for found in imports(ofFile: file.path, fileSystem: fileSystem)
      where found.module != module.name && known.contains(found.module) && !reaches(found.module)
        && reported.insert(found.module).inserted
      {
        let place = PathUtilities.relative(file.path, from: manifest.directory)
        problems.append(
          (module.nameLocation,
            "module '\(module.name)' imports '\(found.module)' (\(place):\(found.line)), but '\(found.module)' is "
              + "not among its dependencies, so its interface would not reach the analysis; add '\(found.module)' "
              + "to 'dependencies' of '\(module.name)'"))
      }
    }
    return problems
  }
}
