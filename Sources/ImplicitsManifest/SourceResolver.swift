import Dispatch
import ImplicitsFileSystem

/// A resolved source file: its absolute path, and its size and modification
/// time when the walk found it (the build's up-to-date check uses them
/// without asking the file system again).
public struct SourceFile: Sendable, Equatable {
  public var path: String
  public var size: Int
  /// Nanoseconds since 1970.
  public var modified: Int64

  public init(path: String, size: Int, modified: Int64) {
    self.path = path
    self.size = size
    self.modified = modified
  }
}

/// Turns modules' `sources` and `exclude` into the `.swift` files to analyze.
///
/// - A `sources` entry naming a directory means every `.swift` file below
///   it, at any depth. One naming a file means that file.
/// - An entry with wildcards is a glob (see the manifest reference): every
///   `.swift` file it matches, and every `.swift` file below each directory
///   it matches.
/// - Entries are relative to the manifest's directory (or absolute).
/// - Directories whose names start with `.` (`.build`, `.git`) are never
///   entered by a directory walk or by `*`/`**`; name one explicitly to use
///   it. Symbolic links are followed, loops are not.
/// - `exclude` globs are matched against each file's path relative to the
///   manifest's directory (absolute globs: its absolute path); a file is
///   left out when a glob matches the file or one of its directories.
///
/// Every `sources` entry that matches no `.swift` file is an error at the
/// entry (a typo guard), and so is a module whose files are all excluded.
/// The result is sorted by the bytes of the paths and has no duplicates, so
/// it is the same on every machine.
public struct SourceResolver: Sendable {
  /// The manifest whose modules are resolved.
  public let manifest: Manifest
  /// Where the sources are looked for.
  public let fileSystem: any FileSystem

  /// Creates a resolver for `manifest`'s modules.
  public init(manifest: Manifest, fileSystem: any FileSystem = LocalFileSystem()) {
    self.manifest = manifest
    self.fileSystem = fileSystem
  }

  /// The absolute paths of `module`'s source files, sorted by bytes,
  /// without duplicates; throws every problem with its entries.
  public func sourceFiles(of module: ModuleSpec) throws(ManifestErrors) -> [String] {
    let (files, errors, _) = resolve(module)
    if !errors.isEmpty { throw ManifestErrors(errors) }
    return files.map(\.path)
  }

  /// The source files of every module, by module name. The problems of all
  /// modules are thrown together.
  public func sourceFilesByModule() throws(ManifestErrors) -> [String: [String]] {
    try resolvedFilesByModule().byModule.mapValues { $0.map(\.path) }
  }

  /// The source files of every module with their sizes and times, by module
  /// name, walked on `threads` threads (modules are independent). The
  /// problems of all modules are thrown together, in manifest order.
  public func resolvedFilesByModule(threads: Int = 1) throws(ManifestErrors) -> ResolvedSources {
    let modules = manifest.modules
    let results = modules.concurrentMap(threads: threads, perThread: { DirectoryStatuses(fileSystem: fileSystem) }) {
      directories, module in resolve(module, directories: directories)
    }
    var byModule: [String: [SourceFile]] = [:]
    byModule.reserveCapacity(modules.count)
    var errors: [ManifestError] = []
    var listed: [[String]] = []
    listed.reserveCapacity(modules.count)
    for (module, resolved) in zip(modules, results) {
      byModule[module.name] = resolved.files
      errors += resolved.errors
      listed.append(resolved.listed)
    }
    if !errors.isEmpty { throw ManifestErrors(errors) }
    return ResolvedSources(byModule: byModule, listedByModule: listed)
  }

  // MARK: Resolution

  /// `directories` remembers the directories the literal parts of entries
  /// name (`Modules` of `Modules/A/Sources`), for the modules resolved in
  /// one pass on one thread.
  func resolve(_ module: ModuleSpec, directories: DirectoryStatuses? = nil)
    -> (files: [SourceFile], errors: [ManifestError], listed: [String])
  {
    let directories = directories ?? DirectoryStatuses(fileSystem: fileSystem)
    var errors: [ManifestError] = []
    func report(_ message: String, at location: Location) {
      errors.append(ManifestError(path: manifest.path, location: location, message: message))
    }

    var excludes: [GlobPattern] = []
    for entry in module.exclude {
      do {
        excludes.append(try GlobPattern(entry.value))
      } catch {
        report("invalid pattern '\(entry.value)' in 'exclude': \(error.message)", at: entry.location)
      }
    }

    var files: [SourceFile] = []
    var listed: [String] = []
    var entryFailed = false
    for entry in module.sources {
      let pattern: GlobPattern
      do {
        pattern = try GlobPattern(entry.value)
      } catch {
        report("invalid pattern '\(entry.value)' in 'sources': \(error.message)", at: entry.location)
        entryFailed = true
        continue
      }
      // Sources lie below the sources root: an entry that starts above it
      // is refused before anything is walked (`/`, `/**/*.swift`, `../..`).
      let start = literalStart(of: pattern)
      if PathUtilities.relative(start, below: manifest.sourcesRoot) == start, start != manifest.sourcesRoot {
        report(
          "sources entry '\(entry.value)' is outside the sources root '\(manifest.sourcesRoot)': sources lie below "
            + "it; set 'sources-root' to a directory that holds them",
          at: entry.location)
        entryFailed = true
        continue
      }
      var walker = DirectoryWalker(
        skipping: [manifest.outputDirectory] + [manifest.configurationsDirectory].compactMap { $0 }, directories: directories)
      walker.expand(pattern, from: pattern.isAbsolute ? "/" : manifest.directory)
      for problem in walker.problems {
        report(
          "cannot read the directory '\(problem.path)' for '\(entry.value)': \(problem.reason)", at: entry.location)
      }
      for problem in walker.unreadableFiles {
        entryFailed = true
        report(
          "'\(problem.path)', matched by '\(entry.value)', cannot be read as a source file: \(problem.reason)",
          at: entry.location)
      }
      if walker.files.isEmpty {
        entryFailed = true
        var message = "sources entry '\(entry.value)' matches no .swift file"
        if let reason = whyNothingMatches(pattern) { message += ": \(reason)" }
        report(message, at: entry.location)
      }
      files += walker.files
      listed += walker.listed
    }

    var unique: [SourceFile] = []
    for file in files.sorted(by: { PathUtilities.byteOrder($0.path, $1.path) })
    where unique.last.map({ !$0.path.utf8.elementsEqual(file.path.utf8) }) ?? true {
      unique.append(file)
    }
    let kept = unique.filter { file in !excludes.contains { isExcluded(file.path, by: $0) } }
    if kept.isEmpty, !entryFailed {
      report(
        unique.isEmpty
          ? "module '\(module.name)' has no source files: its 'sources' list is empty"
          : "module '\(module.name)' has no source files: 'exclude' removes all \(unique.count) files that 'sources' match",
        at: module.nameLocation)
    }
    return (kept, errors, listed)
  }

  /// Whether `pattern` matches `file` (absolute) or one of its directories,
  /// taken relative to the manifest's directory unless the pattern is
  /// absolute.
  func isExcluded(_ file: String, by pattern: GlobPattern) -> Bool {
    let components =
      pattern.isAbsolute
      ? file.split(separator: "/") : PathUtilities.relativeComponents(of: file, from: manifest.directory)
    guard !components.isEmpty else { return false }
    for length in 1...components.count where pattern.matches(components: Array(components[..<length])) {
      return true
    }
    return false
  }

  /// The absolute, normalized directory (or file) an entry's literal part
  /// names: where its walk starts.
  func literalStart(of pattern: GlobPattern) -> String {
    var current = pattern.isAbsolute ? "/" : manifest.directory
    for name in pattern.literalPrefix {
      current = name == ".." ? PathUtilities.directory(of: current) : DirectoryWalker.join(current, name)
    }
    return PathUtilities.normalize(current)
  }

  /// A hint for an entry that matched nothing: the first missing directory
  /// of its literal part (with the closest existing name), or what the
  /// named path is instead of a .swift file or a directory.
  func whyNothingMatches(_ pattern: GlobPattern) -> String? {
    var current = pattern.isAbsolute ? "/" : manifest.directory
    var written: [String] = []
    let prefix = pattern.literalPrefix
    for name in prefix {
      let next = name == ".." ? PathUtilities.directory(of: current) : DirectoryWalker.join(current, name)
      if case .failure = fileSystem.status(next) {
        let place =
          written.isEmpty
          ? (pattern.isAbsolute ? "'/'" : "the manifest's directory") : "'\(written.joined(separator: "/"))'"
        var hint = "there is no '\(name)' in \(place)"
        if case .success(let names) = fileSystem.entries(of: current) {
          hint += NameSuggestions.didYouMean(name, among: names.sorted(by: PathUtilities.byteOrder))
        }
        return hint
      }
      current = next
      written.append(name)
    }
    guard !pattern.hasWildcards, case .success(let status) = fileSystem.status(current) else { return nil }
    switch status.kind {
    case .file: return "it is a file, but not a .swift file"
    case .directory: return "the directory holds none (directories starting with '.' are skipped)"
    case .other(let what): return "it is \(what)"
    }
  }
}

/// Walks the file system for one compiled pattern, collecting `.swift` files.
struct DirectoryWalker {
  /// Every `.swift` file found, absolute, in walk order, maybe repeated,
  /// with the status the walk saw.
  private(set) var files: [SourceFile] = []
  /// Directories that could not be listed.
  private(set) var problems: [(path: String, reason: String)] = []
  /// `.swift` names that are not regular files (FIFOs, devices, symbolic
  /// links to nothing or in a loop): never silently left out.
  private(set) var unreadableFiles: [(path: String, reason: String)] = []
  /// Directories whose entries the walk listed: a file added to or removed
  /// from one of them can change what the entry matches.
  private(set) var listed: [String] = []

  typealias Identity = FileStatus.Identity

  /// Directories never entered (the build's output directory).
  let skipped: Set<String>
  let directories: DirectoryStatuses
  var fileSystem: any FileSystem { directories.fileSystem }

  init(skipping: [String] = [], directories: DirectoryStatuses) {
    skipped = Set(skipping.map(PathUtilities.normalize))
    self.directories = directories
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory == "/" ? "/" + name : directory + "/" + name
  }

  mutating func expand(_ pattern: GlobPattern, from base: String) {
    guard case .success(let status) = directories.status(base), status.kind == .directory else { return }
    match(pattern.segments[...], at: base, visiting: [status.identity])
  }

  /// Matches the remaining `segments` below `directory`. `visiting` holds
  /// the directories on the current path, to stop at symbolic-link loops.
  private mutating func match(
    _ segments: ArraySlice<GlobPattern.Segment>, at directory: String, visiting: Set<Identity>
  ) {
    guard let segment = segments.first else {
      collect(directory, visiting: visiting)
      return
    }
    let rest = segments.dropFirst()
    switch segment {
    case .literal(let name):
      let child = name == ".." ? PathUtilities.directory(of: directory) : Self.join(directory, name)
      guard case .success(let status) = rest.isEmpty ? fileSystem.status(child) : directories.status(child) else { return }
      var path = visiting
      if name != ".." {  // going up is finite; do not mistake it for a loop
        guard !visiting.contains(status.identity) || status.kind != .directory else { return }
        path.insert(status.identity)
      }
      step(into: child, status: status, rest: rest, visiting: path)
    case .wildcard:
      for name in list(directory) where GlobPattern.matches(segment, name: name[...]) {
        let child = Self.join(directory, name)
        if skipped.contains(child) { continue }
        guard case .success(let status) = fileSystem.status(child) else { continue }
        if status.kind == .directory, visiting.contains(status.identity) { continue }
        step(into: child, status: status, rest: rest, visiting: visiting.union([status.identity]))
      }
    case .globstar:
      if rest.isEmpty {  // `dir/**`: everything below `dir`
        collect(directory, visiting: visiting)
        return
      }
      match(rest, at: directory, visiting: visiting)  // zero directories
      for name in list(directory) where !name.hasPrefix(".") {
        let child = Self.join(directory, name)
        if skipped.contains(child) { continue }
        guard case .success(let status) = fileSystem.status(child), status.kind == .directory,
          !visiting.contains(status.identity)
        else { continue }
        match(segments, at: child, visiting: visiting.union([status.identity]))
      }
    }
  }

  private mutating func step(
    into path: String, status: FileStatus, rest: ArraySlice<GlobPattern.Segment>, visiting: Set<Identity>
  ) {
    if rest.isEmpty {
      switch status.kind {
      case .file where path.hasSuffix(".swift"): found(path, status)
      case .directory: collect(path, visiting: visiting)
      default: break
      }
    } else if status.kind == .directory {
      match(rest, at: path, visiting: visiting)
    }
  }

  private mutating func found(_ path: String, _ status: FileStatus) {
    files.append(SourceFile(path: path, size: status.size, modified: status.modified))
  }

  /// Every `.swift` file below `directory`, skipping hidden entries.
  private mutating func collect(_ directory: String, visiting: Set<Identity>) {
    for name in list(directory) where !name.hasPrefix(".") {
      let child = Self.join(directory, name)
      if skipped.contains(child) { continue }
      guard case .success(let status) = fileSystem.status(child) else {
        if name.hasSuffix(".swift") { unreadableFiles.append((child, whyUnreachable(child))) }
        continue
      }
      switch status.kind {
      case .file where name.hasSuffix(".swift"):
        found(child, status)
      case .other(let what) where name.hasSuffix(".swift"):
        unreadableFiles.append((child, "it is \(what), not a regular file"))
      case .directory where !visiting.contains(status.identity):
        collect(child, visiting: visiting.union([status.identity]))
      default:
        break
      }
    }
  }

  /// Why a listed name cannot be reached: a symbolic link in a loop or to
  /// nothing, or the system's reason.
  func whyUnreachable(_ path: String) -> String {
    do {
      _ = try fileSystem.read(path, limit: 0)
      return "it cannot be read"
    } catch {
      if error.isMissing { return "it is a symbolic link to nothing" }
      return error.reason
    }
  }

  private mutating func list(_ directory: String) -> [String] {
    switch fileSystem.entries(of: directory) {
    case .success(let names):
      listed.append(directory)
      return names
    case .failure(let failure):
      if !problems.contains(where: { $0.path == directory }) { problems.append((directory, failure.systemMessage)) }
      return []
    }
  }
}

/// The statuses of the directories named by the literal parts of `sources`
/// entries, asked once per resolution pass and thread: every module of a
/// project under `Modules/` names that directory.
final class DirectoryStatuses {
  let fileSystem: any FileSystem
  private var known: [String: Result<FileStatus, FileError>] = [:]

  init(fileSystem: any FileSystem) {
    self.fileSystem = fileSystem
  }

  func status(_ path: String) -> Result<FileStatus, FileError> {
    if let found = known[path] { return found }
    let status = fileSystem.status(path)
    known[path] = status
    return status
  }
}

/// The source files of every module and the directories listed to find
/// them.
public struct ResolvedSources: Sendable {
  /// The source files of each module, by module name.
  public var byModule: [String: [SourceFile]]
  /// The directories listed for each module, in manifest order, as the
  /// walk met them: adding a `.swift` file to one of them can add a source
  /// file.
  public var listedByModule: [[String]]
}
