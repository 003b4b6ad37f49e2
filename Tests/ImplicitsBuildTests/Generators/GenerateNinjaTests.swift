import Foundation
import ImplicitsTestSupport
import Testing

/// `implicits generate ninja`: one analysis edge per module, restat, exact
/// inputs and outputs, paths relative to the file written (escaped for
/// Ninja and quoted for the shell).
@Suite struct GenerateNinjaTests {
  @Test func oneEdgePerModuleWithRelativePaths() throws {
    let project = try TemporaryDirectory()
    try project.write(
      """
      version: 1
      output-dir: out dir
      compilation-conditions: [FEATURE]
      modules:
        - name: Core
          sources: [Core]
        - name: App
          sources: [App]
          dependencies: [Core]
      """, to: "implicits.yaml")
    try project.write("import Implicits\npublic func run(_ scope: ImplicitScope) {}\n", to: "Core/Core.swift")
    try project.write("import Core\nimport Implicits\nfunc main() {}\n", to: "App/My App.swift")
    let result = try CommandLineTool.run(
      ["generate", "ninja", "--manifest", "implicits.yaml", "-o", "build/implicits.ninja", "--implicits", "/opt/tools/implicits"],
      in: project.path)
    #expect(result.status == 0, "\(result.errors)")
    let text = try project.read("build/implicits.ninja")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains("implicits = /opt/tools/implicits"))
    #expect(lines.contains("  restat = 1"))
    #expect(
      lines.contains(
        "build ../out$ dir/interfaces/Core.implicitinterface ../out$ dir/support/Core.implicits.swift: implicits_analyze ../Core/Core.swift | \(try #require(lines.first { $0.hasPrefix("implicits = ") }).dropFirst("implicits = ".count))"
      ), "\(text)")
    #expect(lines.contains { $0.hasPrefix("build ../out$ dir/interfaces/App.implicitinterface ../out$ dir/support/App.implicits.swift: implicits_analyze ../App/My$ App.swift | ") && $0.hasSuffix(" ../out$ dir/interfaces/Core.implicitinterface") })
    #expect(lines.contains("  flags = -D FEATURE --dependency-interface '../out dir/interfaces/Core.implicitinterface'"), "\(text)")
    #expect(lines.contains("  interface = '../out dir/interfaces/App.implicitinterface'"))
    #expect(lines.contains("build implicits: phony implicits_Core implicits_App"))
    // Standard output by default, paths relative to the current directory.
    let printed = try CommandLineTool.run(["generate", "ninja"], in: project.path)
    #expect(printed.status == 0)
    #expect(printed.output.contains("implicits_analyze Core/Core.swift"))
  }

  /// A configuration's conditions are on its edges, and its outputs in its
  /// own folder, as `build --configuration` puts them.
  @Test func aConfigurationSelectsConditionsAndOutputs() throws {
    let project = try ShopProject.make()
    let debug = try CommandLineTool.run(["generate", "ninja"], in: project.path)
    #expect(debug.status == 0, "\(debug.errors)")
    #expect(debug.output.contains("-D DEBUG"))
    #expect(debug.output.contains(".implicits/Debug/interfaces/Core.implicitinterface"))
    let release = try CommandLineTool.run(["generate", "ninja", "--configuration", "Release", "-D", "EXTRA"], in: project.path)
    #expect(release.status == 0, "\(release.errors)")
    #expect(!release.output.contains("-D DEBUG"))
    #expect(release.output.contains("-D EXTRA"))
    #expect(release.output.contains(".implicits/Release/interfaces/Core.implicitinterface"))
  }

  @Test func anInvalidManifestExitsTwo() throws {
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules: []\n", to: "implicits.yaml")
    let result = try CommandLineTool.run(["generate", "ninja"], in: project.path)
    #expect(result.status == 2)
    #expect(result.errors.contains("implicits.yaml"))
  }

  /// With `-o`, the file writes itself again: an edge with `generator = 1`
  /// on the manifest, the tool and the folders listed to find the sources,
  /// whose command is this one with its paths relative to the file.
  @Test func theFileHasARegenerationEdgeOnItsInputs() throws {
    let project = try TemporaryDirectory()
    try project.write(
      "version: 1\nconfigurations:\n  Debug: [DEBUG]\nmodules:\n  - name: Core\n    sources: [Sources/Core]\n",
      to: "implicits.yaml")
    try project.write("import Implicits\npublic func run(_ scope: ImplicitScope) {}\n", to: "Sources/Core/Core.swift")
    try project.write("", to: "Sources/Core/Nested/Empty.txt")
    let result = try CommandLineTool.run(
      ["generate", "ninja", "-o", "build/implicits.ninja", "--output-dir", "out", "--configuration", "Debug", "-D", "X",
       "--implicits", "/opt/tools/implicits"],
      in: project.path)
    #expect(result.status == 0, "\(result.errors)")
    let lines = try project.read("build/implicits.ninja").split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "  command = $implicits generate ninja --manifest ../implicits.yaml -o implicits.ninja --implicits /opt/tools/implicits --configuration Debug --output-dir ../out -D X"
      ), "\(lines)")
    #expect(lines.contains("  generator = 1"))
    #expect(
      lines.contains(
        "build implicits.ninja: implicits_regenerate ../implicits.yaml | /opt/tools/implicits ../Sources/Core ../Sources/Core/Nested"
      ), "\(lines)")
    // --output-dir moves the analysis outputs, as in `implicits build`.
    #expect(lines.contains { $0.hasPrefix("build ../out/Debug/interfaces/Core.implicitinterface ") }, "\(lines)")
    // Printed to standard output, the file cannot name itself: no edge.
    let printed = try CommandLineTool.run(["generate", "ninja"], in: project.path)
    #expect(printed.status == 0)
    #expect(!printed.output.contains("implicits_regenerate"))
  }

  /// The tool's path is written as it was started, a symbolic link kept,
  /// not the architecture-specific folder it points into.
  @Test func theToolIsWrittenAsItWasStarted() throws {
    let (_, text) = try Self.generated(byToolAt: "bin/implicits")
    #expect(text.contains("\nimplicits = bin/implicits\n"), "\(text)")
  }

  /// A tool in the folder of the file written is run as `./name`: the
  /// shell looks a bare name up in `PATH`. Real Ninja, when there is one,
  /// runs it.
  @Test func aToolBesideTheFileIsRunByItsPath() throws {
    let (project, text) = try Self.generated(byToolAt: "bin-implicits")
    #expect(text.contains("\nimplicits = ./bin-implicits\n"), "\(text)")
    guard let ninja = NinjaTool.path else { return }
    let built = try CommandLineTool.run(executable: URL(fileURLWithPath: ninja), [], in: project.path)
    #expect(built.status == 0 && built.output.contains("Checking implicits of Core"), "\(built.output)")
  }

  /// `build.ninja` of a one-module project, written by the tool started
  /// through a symbolic link at `relative` in the project's folder.
  static func generated(byToolAt relative: String) throws -> (TemporaryDirectory, String) {
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
    try project.write("import Implicits\npublic func run(_ scope: ImplicitScope) {}\n", to: "Core/Core.swift")
    let link = project.path + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: CommandLineTool.executable.path)
    let result = try CommandLineTool.run(
      executable: URL(fileURLWithPath: link), ["generate", "ninja", "-o", "build.ninja"], in: project.path)
    #expect(result.status == 0, "\(result.errors)")
    return (project, try project.read("build.ninja"))
  }

  /// Real Ninja: the generated file as the top-level build.ninja analyzes
  /// the module; a new source file makes the next `ninja` write the file
  /// again and analyze it; then nothing is left to do.
  @Test(.enabled(if: NinjaTool.path != nil)) func ninjaPicksUpANewSourceFile() throws {
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
    try project.write("import Implicits\npublic func run(_ scope: ImplicitScope) {}\n", to: "Core/Core.swift")
    let generated = try CommandLineTool.run(["generate", "ninja", "-o", "build.ninja"], in: project.path)
    #expect(generated.status == 0, "\(generated.errors)")
    let ninja = URL(fileURLWithPath: try #require(NinjaTool.path))
    let cold = try CommandLineTool.run(executable: ninja, [], in: project.path)
    #expect(cold.status == 0 && cold.output.contains("Checking implicits of Core"), "\(cold.output)")
    try project.write("import Implicits\npublic func ping(_ scope: ImplicitScope) {}\n", to: "Core/Ping.swift")
    let added = try CommandLineTool.run(executable: ninja, [], in: project.path)
    #expect(added.status == 0, "\(added.output)")
    #expect(added.output.contains("Regenerating build.ninja"), "\(added.output)")
    #expect(try project.read("build.ninja").contains("Core/Core.swift Core/Ping.swift"))
    let interface = try CommandLineTool.run(["interface", "dump", ".implicits/interfaces/Core.implicitinterface"], in: project.path)
    #expect(interface.output.contains("ping"), "\(interface.output)\(interface.errors)")
    let settled = try CommandLineTool.run(executable: ninja, [], in: project.path)
    #expect(settled.output.contains("ninja: no work to do."), "\(settled.output)")
  }
}

/// The `ninja` on `PATH`, if any (CI installs Debian's ninja-build).
enum NinjaTool {
  static let path: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    .map { $0 + "/ninja" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
