import ImplicitsFileSystem

/// A module manifest (by default `implicits.yaml`), format version 1: the
/// modules of a project that is not built with SwiftPM, their sources and
/// dependencies, and prebuilt modules known only by their interface file.
///
/// Get one with `Manifest.load(path:)`, which checks every rule about the
/// file itself. Rules that need the file system or the whole graph (sources
/// that match nothing, dependency cycles, missing external interface files)
/// are checked later: sources by `SourceResolver`, the rest by the build.
///
/// All paths are absolute and normalized (no `.` or `..` components);
/// symbolic links are not resolved.
public struct Manifest: Sendable, Equatable {
  /// The manifest format versions this tool reads.
  public static let supportedVersions: [Int] = [1]
  /// The file `implicits build` reads when no `--manifest` is given.
  public static let defaultFileName = "implicits.yaml"
  /// Where a build system's integration writes the module graph it
  /// analyzes, relative to a folder: Plugins/CMake writes
  /// `<build folder>/implicits/implicits.yaml` (found from the build
  /// folder, or from a source tree whose build folder is `build`), the
  /// Bazel rule `implicits_graph` named `implicits` in the workspace's root
  /// package `bazel-bin/implicits/implicits.yaml`. `implicits why`, `graph`
  /// and `lsp` look there after `implicits.yaml`.
  public static let writtenByBuildPaths = [
    "implicits/implicits.yaml", "build/implicits/implicits.yaml", "bazel-bin/implicits/implicits.yaml",
  ]
  /// What the tools that read builds look for in each folder, in order.
  public static let pathsReadingBuilds = [defaultFileName] + writtenByBuildPaths
  /// `output-dir` when the manifest does not set it, relative to the
  /// manifest's directory.
  public static let defaultOutputDirectoryName = ".implicits"

  /// The manifest file.
  public var path: String
  /// The directory holding the manifest; `sources`, `exclude`, `output-dir`,
  /// `sources-root` and external interface paths are relative to it.
  public var directory: String
  /// The format version the file declares.
  public var version: Int
  /// Where `implicits build` writes interfaces, support files and state
  /// (`output-dir`; default `<directory>/.implicits`).
  public var outputDirectory: String
  /// The directory that paths in interfaces and diagnostics are relative to
  /// (`sources-root`; default `directory`).
  public var sourcesRoot: String
  /// Where `sources-root` and `output-dir` are written, when they are.
  public var sourcesRootLocation: Location?
  public var outputDirectoryLocation: Location?
  /// The output directory the configurations' folders are in, when a
  /// configuration is selected; never walked for sources.
  public private(set) var configurationsDirectory: String?
  /// Conditions active for every module, like `swiftc -D`.
  public var compilationConditions: [String]
  /// The modules, in the order written.
  public var modules: [ModuleSpec] {
    didSet { modulePositions = Self.positions(of: modules) }
  }
  /// The position of each module name's first module: `module(named:)` is
  /// asked for every module of a build, and a scan would make that
  /// quadratic in the number of modules.
  private var modulePositions: [String: Int]
  /// Modules analyzed elsewhere, known by their interface file.
  public var externalInterfaces: [ExternalInterfaceSpec]
  /// Named sets of conditions (`configurations`), in the order written.
  public var configurations: [ConfigurationSpec] = []
  /// The configuration this manifest was narrowed to by
  /// `selecting(configuration:defines:)`, if any.
  public private(set) var selectedConfiguration: String?

  /// Creates a manifest from already-validated parts (for tests and for
  /// tools that generate manifests in memory). A relative `path` is taken
  /// from the current directory; relative `outputDirectory` and
  /// `sourcesRoot` from the manifest's directory, and they default as in a
  /// file.
  public init(
    path: String,
    version: Int = 1,
    outputDirectory: String? = nil,
    sourcesRoot: String? = nil,
    compilationConditions: [String] = [],
    modules: [ModuleSpec],
    externalInterfaces: [ExternalInterfaceSpec] = []
  ) {
    let path = PathUtilities.absolute(path, relativeTo: PathUtilities.currentDirectory())
    let directory = PathUtilities.directory(of: path)
    self.path = path
    self.directory = directory
    self.version = version
    self.outputDirectory = PathUtilities.absolute(
      outputDirectory ?? Self.defaultOutputDirectoryName, relativeTo: directory)
    self.sourcesRoot = PathUtilities.absolute(sourcesRoot ?? ".", relativeTo: directory)
    self.compilationConditions = compilationConditions
    self.modules = modules
    modulePositions = Self.positions(of: modules)
    self.externalInterfaces = externalInterfaces
  }

  /// The module called `name`, if the manifest declares one (the first, if
  /// it declares several; the loader refuses that).
  public func module(named name: String) -> ModuleSpec? {
    modulePositions[name].map { modules[$0] }
  }

  private static func positions(of modules: [ModuleSpec]) -> [String: Int] {
    var positions: [String: Int] = [:]
    positions.reserveCapacity(modules.count)
    for (position, module) in modules.enumerated() where positions[module.name] == nil {
      positions[module.name] = position
    }
    return positions
  }

  /// The manifest as one build sees it: the conditions of `configuration`
  /// (by default the first one the manifest names, if it names any) and
  /// `defines` (`build -D`) added to the manifest's; with a configuration,
  /// outputs in `<output-dir>/<configuration>`, so that each configuration
  /// keeps its own interfaces, support files and state.
  public func selecting(configuration: String?, defines: [String] = []) throws(ManifestErrors) -> Manifest {
    var copy = self
    var chosen: ConfigurationSpec?
    if let configuration {
      guard let found = configurations.first(where: { $0.name == configuration }) else {
        let message: String
        if configurations.isEmpty {
          message = "--configuration '\(configuration)': the manifest names no configurations; add "
            + "'configurations: {\(configuration): [CONDITION, …]}' to it"
        } else {
          message = "unknown configuration '\(configuration)'; the manifest names "
            + configurations.map { "'\($0.name)'" }.joined(separator: ", ")
            + NameSuggestions.didYouMean(configuration, among: configurations.map(\.name))
        }
        throw ManifestErrors([ManifestError(path: path, location: nil, message: message)])
      }
      chosen = found
    } else {
      chosen = configurations.first
    }
    var problems: [ManifestError] = []
    for define in defines {
      if let message = CompilationCondition.message(about: define) {
        problems.append(ManifestError(path: path, location: nil, message: "-D: " + message))
      }
    }
    if !problems.isEmpty { throw ManifestErrors(problems) }
    var conditions = compilationConditions
    for condition in (chosen?.conditions.map(\.value) ?? []) + defines where !conditions.contains(condition) {
      conditions.append(condition)
    }
    copy.compilationConditions = conditions
    if let chosen {
      copy.selectedConfiguration = chosen.name
      copy.configurationsDirectory = outputDirectory
      copy.outputDirectory = outputDirectory + "/" + chosen.name
    }
    return copy
  }

  /// The external interface called `name`, if the manifest declares one.
  public func externalInterface(named name: String) -> ExternalInterfaceSpec? {
    externalInterfaces.first { $0.name == name }
  }

  /// The conditions active when analyzing `module`: the manifest's, then the
  /// module's own, each once, in the order written.
  public func compilationConditions(for module: ModuleSpec) -> [String] {
    var result: [String] = []
    for condition in compilationConditions + module.compilationConditions.map(\.value)
    where !result.contains(condition) {
      result.append(condition)
    }
    return result
  }
}

/// One entry of `modules`.
public struct ModuleSpec: Sendable, Equatable {
  /// The module name, a Swift identifier unique in the manifest.
  public var name: String
  /// Where the module's mapping starts.
  public var location: Location
  /// Where the `name` value is.
  public var nameLocation: Location
  /// Directories and globs, as written (relative to the manifest's
  /// directory); `SourceResolver` turns them into files.
  public var sources: [Located<String>]
  /// Globs of files to leave out, as written.
  public var exclude: [Located<String>]
  /// Names of modules of this manifest or external interfaces, as written.
  public var dependencies: [Located<String>]
  /// Conditions active for this module only, added to the manifest's.
  public var compilationConditions: [Located<String>]

  /// Creates a module description.
  public init(
    name: String,
    location: Location = Location(line: 1, column: 1),
    nameLocation: Location? = nil,
    sources: [Located<String>],
    exclude: [Located<String>] = [],
    dependencies: [Located<String>] = [],
    compilationConditions: [Located<String>] = []
  ) {
    self.name = name
    self.location = location
    self.nameLocation = nameLocation ?? location
    self.sources = sources
    self.exclude = exclude
    self.dependencies = dependencies
    self.compilationConditions = compilationConditions
  }
}

/// One entry of `configurations`: a name and the conditions it adds.
public struct ConfigurationSpec: Sendable, Equatable {
  public var name: String
  public var conditions: [Located<String>]
  /// Where the name is.
  public var location: Location

  public init(name: String, conditions: [Located<String>], location: Location = Location(line: 1, column: 1)) {
    self.name = name
    self.conditions = conditions
    self.location = location
  }
}

/// One entry of `external-interfaces`: a module analyzed elsewhere.
public struct ExternalInterfaceSpec: Sendable, Equatable {
  /// The module name the interface file must declare.
  public var name: String
  /// Where the entry's mapping starts.
  public var location: Location
  /// Where the `name` value is.
  public var nameLocation: Location
  /// The `.implicitinterface` file, absolute.
  public var path: String
  /// Where the `path` value is, for errors about the file.
  public var pathLocation: Location

  /// Creates an external interface description.
  public init(
    name: String, path: String, location: Location = Location(line: 1, column: 1),
    nameLocation: Location? = nil, pathLocation: Location? = nil
  ) {
    self.name = name
    self.path = path
    self.location = location
    self.nameLocation = nameLocation ?? location
    self.pathLocation = pathLocation ?? location
  }
}
