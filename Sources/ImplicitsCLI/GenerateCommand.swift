import ArgumentParser
import Foundation
import ImplicitsBuild
import ImplicitsFileSystem
import ImplicitsManifest

/// `implicits generate`: build files for other build systems.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write build files that run the analyses for other build systems.",
    subcommands: [GenerateNinjaCommand.self])
}

/// `implicits generate ninja`.
struct GenerateNinjaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ninja",
    abstract: "Write a Ninja file with one analysis edge per module of the manifest.",
    discussion: """
      Each edge analyzes one module (restat = 1): its inputs are the module's sources, the tool and the \
      interfaces of its dependencies; its outputs the module's interface and support file, where \
      `implicits build` writes them. Paths are relative to the directory of the file written. Include or \
      subninja it into your build.ninja; run this command again when the manifest or the set of source \
      files changes.
      """)

  @OptionGroup var location: ManifestOptions

  @Option(name: [.customShort("o"), .customLong("output")], help: "Write the Ninja file here (default: standard output).")
  var output: String?

  @Option(name: .customLong("implicits"), help: "The implicits executable the edges run (default: this one).")
  var tool: String?

  @Option(name: .customLong("configuration"), help: "The manifest configuration the edges analyze (default: its first).")
  var buildConfiguration: String?

  @Option(
    name: .customShort("D"), parsing: .unconditionalSingleValue,
    help: ArgumentHelp("An active compilation condition for every module, as swiftc -D (repeatable).", valueName: "name"))
  var defines: [String] = []

  func validate() throws {
    for define in defines {
      if let message = CompilationCondition.message(about: define) { throw ValidationError("-D: " + message) }
    }
  }

  func run() throws {
    let manifest = try location.resolve()
    let preflight: Preflight
    switch Preflight.check(manifestPath: manifest, configuration: buildConfiguration, defines: defines) {
    case .success(let checked): preflight = checked
    case .failure(let failure):
      for message in failure.messages { Console.error(message) }
      throw ExitStatus.unusable
    }
    let current = PathUtilities.currentDirectory()
    let outputFile = PathUtilities.absolute(output ?? "build.ninja", relativeTo: current)
    let executable = tool.map { PathUtilities.absolute($0, relativeTo: current) } ?? Self.currentExecutable()
    let text = NinjaGenerator(preflight: preflight, tool: executable, outputFile: outputFile).generate()
    guard output != nil else {
      Console.output(text)
      return
    }
    do {
      try AtomicFileWriter.write(Array(text.utf8), to: outputFile)
    } catch {
      Console.error("error: \(error)")
      throw ExitStatus.unusable
    }
  }

  /// The path of the running executable.
  static func currentExecutable() -> String {
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
    return PathUtilities.absolute(CommandLine.arguments[0], relativeTo: PathUtilities.currentDirectory())
  }
}
