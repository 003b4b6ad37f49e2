import ArgumentParser
import ImplicitsBuild
import ImplicitsFileSystem
import ImplicitsManifest
import ImplicitsToolSupport

/// What of a manifest a command works on: the configuration, conditions
/// added to every module and the output directory. The same options, with
/// the same meaning and checks, in `build`, `generate ninja` and `why`.
struct BuildSelectionOptions: ParsableArguments {
  @Option(name: .customLong("configuration"), help: "The manifest configuration (default: its first).")
  var configuration: String?

  @Option(
    name: .customShort("D"), parsing: .unconditionalSingleValue,
    help: ArgumentHelp("An active compilation condition for every module, as swiftc -D (repeatable).", valueName: "name"))
  var defines: [String] = []

  @Option(name: .customLong("output-dir"), help: "Overrides the manifest's output-dir.")
  var outputDirectory: String?

  func validate() throws {
    for define in defines {
      if let message = CompilationCondition.message(about: define) { throw ValidationError("-D: " + message) }
    }
  }

  /// The output directory made absolute against the current directory
  /// (the one `-C` chose).
  var absoluteOutputDirectory: String? {
    outputDirectory.map { PathUtilities.absolute($0, relativeTo: PathUtilities.currentDirectory()) }
  }

  /// Pre-flight of `manifest` with these options; its problems printed and
  /// the command ended with status 2 when there are any.
  func preflight(manifest: String, selecting modules: [String] = [], resolvingSources: Bool = true) throws -> Preflight {
    try Preflight.check(
      manifestPath: manifest, outputDirectory: absoluteOutputDirectory, configuration: configuration, defines: defines,
      selecting: modules, resolvingSources: resolvingSources
    ).checkedByCommand()
  }
}

extension Result where Success == Preflight, Failure == Preflight.Failure {
  /// The pre-flight, or its problems printed and the command ended with
  /// status 2.
  func checkedByCommand() throws -> Preflight {
    switch self {
    case .success(let checked):
      return checked
    case .failure(let failure):
      for problem in failure.problems { Console.report(problem) }
      throw ExitStatus.unusable
    }
  }
}
