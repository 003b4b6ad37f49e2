import Foundation
import ImplicitsProjectGenerator
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
    let project = try BuildOutputTests.shop()
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
}
