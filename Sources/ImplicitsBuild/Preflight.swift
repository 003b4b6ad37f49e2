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
  /// The directories listed to find the sources, sorted.
  public var sourceDirectories: [String] = []
  /// Fingerprints (hex) of the external interfaces, checked here.
  public var externalFingerprints: [String: String] = [:]

  /// One error line per problem, `manifest:line:column: error: …`.
  public struct Failure: Error, Sendable {
    public var messages: [String]
  }

  /// - Parameters:
  ///   - outputDirectory: replaces the manifest's `output-dir`; a
  ///     configuration's outputs go to a folder of its name below it.
  ///   - configuration: the configuration to build (the manifest's first
  ///     when nil); `defines` are added to every module's conditions.
  ///   - resolvingSources: false for what needs the graph only (`graph`):
  ///     the sources are not walked.
  ///   - threads: how many modules' sources are walked at once.
  public static func check(
    manifestPath: String, outputDirectory: String? = nil, configuration: String? = nil, defines: [String] = [],
    selecting modules: [String] = [], resolvingSources: Bool = true, threads: Int = 1
  ) -> Result<Preflight, Failure> {
    var manifest: Manifest
    do {
      manifest = try Manifest.load(path: manifestPath)
      if let outputDirectory {
        manifest.outputDirectory = outputDirectory
        manifest.outputDirectoryLocation = nil
      }
      manifest = try manifest.selecting(configuration: configuration, defines: defines)
    } catch {
      return .failure(Failure(messages: error.errors.map(\.description)))
    }
    var located: [(Location?, String)] = []
    func add(_ location: Location?, _ message: String) {
      located.append((location, ManifestError(path: manifest.path, location: location, message: message).description))
    }

    // The sources root and the output directory, before anything is walked.
    switch FileStatus.of(manifest.sourcesRoot) {
    case .success(let status) where status.kind == .directory: break
    case .success:
      add(manifest.sourcesRootLocation, "the sources root '\(manifest.sourcesRoot)' is not a directory")
    case .failure(let error):
      add(manifest.sourcesRootLocation, "the sources root '\(manifest.sourcesRoot)' cannot be used: \(error.message)")
    }
    let outputPlace = manifest.configurationsDirectory ?? manifest.outputDirectory
    switch FileStatus.of(outputPlace) {
    case .success(let status) where status.kind != .directory:
      add(manifest.outputDirectoryLocation, "the output directory '\(outputPlace)' exists and is not a directory")
    case .failure where FileStatus.isSymbolicLink(outputPlace):
      add(manifest.outputDirectoryLocation, "the output directory '\(outputPlace)' is a symbolic link to nothing")
    default:
      break
    }

    var sources: [String: [SourceFile]] = [:]
    var sourceDirectories: [String] = []
    if resolvingSources {
      do {
        let resolved = try SourceResolver(manifest: manifest).resolvedFilesByModule(threads: threads)
        sources = resolved.byModule
        sourceDirectories = resolved.listedDirectories
      } catch {
        for error in error.errors { located.append((error.location, error.description)) }
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
    if let graph, resolvingSources, !sources.isEmpty {
      for (location, message) in ImportScan.undeclaredDependencies(manifest: manifest, graph: graph, sources: sources, threads: threads) {
        add(location, message)
      }
    }

    var externalFingerprints: [String: String] = [:]
    for external in manifest.externalInterfaces {
      do {
        let file = try InterfaceFile.load(path: external.path, expectedModule: external.name)
        externalFingerprints[external.name] = file.fingerprint.description
      } catch {
        add(external.pathLocation, "external interface '\(external.name)': \(error.message)")
      }
    }

    for module in modules where manifest.module(named: module) == nil {
      let suggestion = NameSuggestions.didYouMean(module, among: manifest.modules.map(\.name))
      located.append((nil, "error: no module named '\(module)' in \(manifest.path)\(suggestion)"))
    }

    guard located.isEmpty, let graph else {
      let sorted = located.sorted { lhs, rhs in
        switch (lhs.0, rhs.0) {
        case (nil, nil): return lhs.1 < rhs.1
        case (nil, _): return false
        case (_, nil): return true
        case (let a?, let b?): return (a, lhs.1) < (b, rhs.1)
        }
      }
      return .failure(Failure(messages: sorted.map(\.1)))
    }
    return .success(
      Preflight(
        manifest: manifest, graph: graph, sources: sources, sourceDirectories: sourceDirectories,
        externalFingerprints: externalFingerprints))
  }
}
