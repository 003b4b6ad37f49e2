import ArgumentParser
import Foundation
import ImplicitsBuild
import ImplicitsFileSystem
import ImplicitsManifest
import ImplicitsToolSupport

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

  @OptionGroup var selection: BuildSelectionOptions

  func run() throws {
    let manifest = try location.resolve()
    let preflight = try selection.preflight(manifest: manifest)
    let current = PathUtilities.currentDirectory()
    let outputFile = PathUtilities.absolute(output ?? "build.ninja", relativeTo: current)
    let executable = PathUtilities.absolute(tool ?? ToolExecutable.asInvoked(), relativeTo: current)
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
      Console.report(error)
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
    if let configuration = selection.configuration { arguments += ["--configuration", configuration] }
    if let outputDirectory = selection.outputDirectory { arguments += ["--output-dir", relative(outputDirectory)] }
    for define in selection.defines { arguments += ["-D", define] }
    return arguments
  }
}
