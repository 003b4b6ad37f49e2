import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsManifest

/// Everything checked before the first analysis starts: the manifest, the
/// graph, the sources of every module and every external interface. All
/// problems are reported together; nothing is written.
public struct Preflight: Sendable {
  public var manifest: Manifest
  public var graph: ModuleGraph
  /// Resolved source files of every module, with their sizes and times as
  /// the walk saw them.
  public var sources: [String: [SourceFile]]
  /// The directories listed to find the sources, by module.
  var listedDirectories: [[String]] = []
  /// The directories listed to find the sources, sorted by bytes, without
  /// duplicates. Made when asked (only `generate ninja` asks): a build
  /// does not pay for sorting a directory per module.
  public var sourceDirectories: [String] { PathUtilities.sortedUnique(Array(listedDirectories.joined())) }
  /// Fingerprints (hex) of the external interfaces, checked here.
  public var externalFingerprints: [String: String] = [:]

  /// Every problem found, in the order of the manifest (those without a
  /// place last).
  public struct Failure: Error, Sendable {
    public var problems: [any ToolError]

    /// One line per problem, `manifest:line:column: error: …`.
    public var lines: [String] { problems.map(\.rendered) }

    /// What the build says after them.
    public var summary: ToolFailure {
      ToolFailure.buildDidNotStart(problems: problems.count)
    }
  }

  /// - Parameters:
  ///   - outputDirectory: replaces the manifest's `output-dir`; a
  ///     configuration's outputs go to a folder of its name below it.
  ///   - configuration: the configuration to build (the manifest's first
  ///     when nil); `defines` are added to every module's conditions.
  ///   - resolvingSources: false for what needs the graph only (`graph`):
  ///     the sources are not walked.
  ///   - threads: how many modules' sources are walked at once.
  ///   - checkingImports: false when the caller checks them itself
  ///     (`checkImports`), as a build does once it has its database.
  public static func check(
    manifestPath: String, outputDirectory: String? = nil, configuration: String? = nil, defines: [String] = [],
    selecting modules: [String] = [], resolvingSources: Bool = true, threads: Int = 1, checkingImports: Bool = true,
    fileSystem: any FileSystem = LocalFileSystem()
  ) -> Result<Preflight, Failure> {
    var manifest: Manifest
    do {
      manifest = try Manifest.load(path: manifestPath, fileSystem: fileSystem)
      if let outputDirectory {
        manifest.outputDirectory = outputDirectory
        manifest.outputDirectoryLocation = nil
      }
      manifest = try manifest.selecting(configuration: configuration, defines: defines)
    } catch {
      return .failure(Failure(problems: error.errors))
    }
    var located: [(Location?, any ToolError)] = []
    func add(_ location: Location?, _ message: String) {
      located.append((location, ManifestError(path: manifest.path, location: location, message: message)))
    }

    // The sources root and the output directory, before anything is walked.
    switch fileSystem.status(manifest.sourcesRoot) {
    case .success(let status) where status.kind == .directory: break
    case .success:
      add(manifest.sourcesRootLocation, "the sources root '\(manifest.sourcesRoot)' is not a directory")
    case .failure(let error):
      add(manifest.sourcesRootLocation, "the sources root '\(manifest.sourcesRoot)' cannot be used: \(error.systemMessage)")
    }
    let outputPlace = manifest.configurationsDirectory ?? manifest.outputDirectory
    switch fileSystem.status(outputPlace) {
    case .success(let status) where status.kind != .directory:
      add(manifest.outputDirectoryLocation, "the output directory '\(outputPlace)' exists and is not a directory")
    case .failure where fileSystem.isSymbolicLink(outputPlace):
      add(manifest.outputDirectoryLocation, "the output directory '\(outputPlace)' is a symbolic link to nothing")
    default:
      break
    }

    var sources: [String: [SourceFile]] = [:]
    var listedDirectories: [[String]] = []
    if resolvingSources {
      do {
        let resolved = try SourceResolver(manifest: manifest, fileSystem: fileSystem).resolvedFilesByModule(threads: threads)
        sources = resolved.byModule
        listedDirectories = resolved.listedByModule
      } catch {
        for error in error.errors { located.append((error.location, error)) }
      }
    }

    var graph: ModuleGraph?
    switch ModuleGraph.make(manifest) {
    case .success(let built):
      graph = built
    case .failure(let cycles):
      for (cycle, text) in zip(cycles.cycles, cycles.descriptions) {
        add(manifest.module(named: cycle[0])?.nameLocation, "dependency cycle: \(text)")
      }
    }

    // The most common mistake, before any analysis: an import of a
    // module of the manifest that is not a dependency.
    if let graph, resolvingSources, checkingImports, !sources.isEmpty {
      for (location, message) in ImportScan.undeclaredDependencies(
        manifest: manifest, graph: graph, sources: sources, threads: threads, fileSystem: fileSystem)
      {
        add(location, message)
      }
    }

    var externalFingerprints: [String: String] = [:]
    for external in manifest.externalInterfaces {
      do throws(InterfaceError) {
        let bytes: [UInt8]
        do {
          bytes = try fileSystem.read(external.path, limit: Int(UInt32.max))
        } catch {
          throw InterfaceError.unreadable(error, path: external.path, module: external.name)
        }
        let file = try InterfaceFile(bytes: bytes, path: external.path, expectedModule: external.name)
        externalFingerprints[external.name] = file.fingerprint.description
      } catch {
        add(external.pathLocation, "external interface '\(external.name)': \(error.message)")
      }
    }

    for module in modules where manifest.module(named: module) == nil {
      located.append((nil, ToolFailure.noModule(named: module, in: manifest)))
    }

    guard located.isEmpty, let graph else {
      let sorted = located.sorted { lhs, rhs in
        switch (lhs.0, rhs.0) {
        case (nil, nil): return lhs.1.rendered < rhs.1.rendered
        case (nil, _): return false
        case (_, nil): return true
        case (let a?, let b?): return (a, lhs.1.rendered) < (b, rhs.1.rendered)
        }
      }
      return .failure(Failure(problems: sorted.map(\.1)))
    }
    return .success(
      Preflight(
        manifest: manifest, graph: graph, sources: sources, listedDirectories: listedDirectories,
        externalFingerprints: externalFingerprints))
  }

  /// The most common mistake, before any analysis: a source that imports a
  /// module of the manifest that is not among its module's dependencies.
  /// Files for which `alreadyChecked` says yes are not read (a build skips
  /// those the last build checked against the same dependencies).
  func checkImports(
    threads: Int, fileSystem: any FileSystem, alreadyChecked: @escaping @Sendable (String) -> (SourceFile) -> Bool
  ) -> Result<Void, Failure> {
    let problems = ImportScan.undeclaredDependencies(
      manifest: manifest, graph: graph, sources: sources, threads: threads, fileSystem: fileSystem,
      alreadyChecked: alreadyChecked)
    guard !problems.isEmpty else { return .success(()) }
    return .failure(
      Failure(problems: problems.map { ManifestError(path: manifest.path, location: $0.0, message: $0.1) }))
  }
}
