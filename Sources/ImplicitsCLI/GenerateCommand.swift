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
      subninja it into your build.ninja. With -o, the file has an edge that writes it again (generator = 1) \
      when the manifest, the tool or a folder listed to find the sources changes: Ninja picks that up by \
      itself when the file is its build.ninja, or when build.ninja has `build build.ninja: phony FILE`.
      """)

  @OptionGroup var location: ManifestOptions

  @Option(name: [.customShort("o"), .customLong("output")], help: "Write the Ninja file here (default: standard output).")
  var output: String?

  @Option(name: .customLong("implicits"), help: "The implicits executable the edges run (default: this one).")
  var tool: String?

  @Option(name: .customLong("configuration"), help: "The manifest configuration the edges analyze (default: its first).")
  var buildConfiguration: String?

  @Option(name: .customLong("output-dir"), help: "Overrides the manifest's output-dir (where the edges write).")
  var outputDirectory: String?

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
    let current = PathUtilities.currentDirectory()
    let absoluteOutputDirectory = outputDirectory.map { PathUtilities.absolute($0, relativeTo: current) }
    switch Preflight.check(
      manifestPath: manifest, outputDirectory: absoluteOutputDirectory, configuration: buildConfiguration, defines: defines)
    {
    case .success(let checked): preflight = checked
    case .failure(let failure):
      for message in failure.messages { Console.error(message) }
      throw ExitStatus.unusable
    }
    let outputFile = PathUtilities.absolute(output ?? "build.ninja", relativeTo: current)
    let executable = PathUtilities.absolute(tool ?? Self.invokedExecutable(), relativeTo: current)
    let base = PathUtilities.directory(of: outputFile)
    let text = NinjaGenerator(
      preflight: preflight, tool: executable, outputFile: outputFile,
      regeneration: output == nil ? nil : regenerationArguments(manifest: manifest, tool: executable, base: base)
    ).generate()
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

  /// The arguments of this command as it runs again from `base`, the
  /// folder of the file written: every path relative to it.
  func regenerationArguments(manifest: String, tool: String, base: String) -> [String] {
    let current = PathUtilities.currentDirectory()
    func relative(_ path: String) -> String {
      NinjaGenerator.relative(PathUtilities.absolute(path, relativeTo: current), from: base)
    }
    var arguments = ["generate", "ninja", "--manifest", relative(manifest), "-o", relative(output ?? "build.ninja")]
    arguments += ["--implicits", relative(tool)]
    if let buildConfiguration { arguments += ["--configuration", buildConfiguration] }
    if let outputDirectory { arguments += ["--output-dir", relative(outputDirectory)] }
    for define in defines { arguments += ["-D", define] }
    return arguments
  }

  /// The executable as it was started (a symbolic link such as
  /// `.build/debug/implicits` is kept, not resolved to the
  /// architecture-specific folder); looked up in `PATH` when started by
  /// name.
  static func invokedExecutable() -> String {
    let invoked = CommandLine.arguments[0]
    if invoked.contains("/") { return invoked }
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let candidate = String(folder) + "/" + invoked
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return Bundle.main.executablePath ?? invoked
  }
}
