import ImplicitsTestSupport
import Foundation
import ImplicitsInterface
import Testing

/// Every problem of the manifest, the graph, the sources and the external
/// interfaces is reported before any analysis starts: exit status 2,
/// nothing written.
@Suite struct PreflightTests {
  func project(_ manifest: String, files: [String: String] = [:]) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write(manifest, to: "implicits.yaml")
    for (path, text) in files { try directory.write(text, to: path) }
    return directory
  }

  func expectRefused(_ project: TemporaryDirectory, _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try CommandLineTool.run(["build"], in: project.path)
    #expect(result.status == 2, sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(result.errors.contains(fragment), "missing \(fragment) in:\n\(result.errors)", sourceLocation: sourceLocation)
    }
    #expect(!project.exists(".implicits"), "the build wrote something", sourceLocation: sourceLocation)
    #expect(!result.errors.contains("Analyzed"), sourceLocation: sourceLocation)
  }

  static let source = ["A/A.swift": "import Implicits\n", "B/B.swift": "import Implicits\n", "C/C.swift": "import Implicits\n"]

  @Test func importOfAModuleThatIsNotADependency() throws {
    let manifest = """
      version: 1
      modules:
        - name: Core
          sources: [Core]
        - name: Feature
          sources: [Feature]
          dependencies: [Core]
        - name: App
          sources: [App]
          dependencies: [Feature]
        - name: Tool
          sources: [Tool]
      """
    let files = [
      "Core/Core.swift": "import Implicits\npublic func greet(_ scope: ImplicitScope) {}\n",
      "Feature/Feature.swift": "import Core\n",
      // A transitive dependency is visible; a conditional import is not checked.
      "App/main.swift": "// The app.\n@testable import Core\nimport Feature\n#if canImport(Tool)\nimport Tool\n#endif\n",
      "Tool/Tool.swift": "/* Tool */\nimport Foundation\n@_exported import struct Core.Greeting\n\nfunc run() {}\nimport Feature\n",
    ]
    let directory = try project(manifest, files: files)
    try expectRefused(
      directory,
      [
        "implicits.yaml:11:11: error: module 'Tool' imports 'Core' (Tool/Tool.swift:3), but 'Core' is not among its "
          + "dependencies, so its interface would not reach the analysis; add 'Core' to 'dependencies' of 'Tool'"
      ])
    let result = try CommandLineTool.run(["build"], in: directory.path)
    // Only the head of a file is read: the import after a declaration is not one.
    #expect(!result.errors.contains("imports 'Feature'"))
    #expect(!result.errors.contains("module 'App'"))
  }

  @Test func duplicateNames() throws {
    let manifest = """
      version: 1
      modules:
        - name: A
          sources: [A]
        - name: A
          sources: [B]
      """
    try expectRefused(try project(manifest, files: Self.source), ["implicits.yaml:5:11: error: duplicate module name 'A'"])
  }

  @Test func unknownDependencyWithSuggestion() throws {
    let manifest = """
      version: 1
      modules:
        - name: Alpha
          sources: [A]
        - name: B
          sources: [B]
          dependencies: [Alpa]
      """
    try expectRefused(try project(manifest, files: Self.source), ["implicits.yaml:7:20:", "unknown dependency 'Alpa'", "did you mean 'Alpha'?"])
  }

  @Test func selfDependency() throws {
    let manifest = """
      version: 1
      modules:
        - name: A
          sources: [A]
          dependencies: [A]
      """
    try expectRefused(try project(manifest, files: Self.source), ["implicits.yaml:5:20:", "module 'A' depends on itself"])
  }

  @Test func cycleIsPrintedWhole() throws {
    let manifest = """
      version: 1
      modules:
        - name: A
          sources: [A]
          dependencies: [C]
        - name: B
          sources: [B]
          dependencies: [A]
        - name: C
          sources: [C]
          dependencies: [B]
      """
    try expectRefused(try project(manifest, files: Self.source), ["implicits.yaml:3:11: error: dependency cycle: A -> C -> B -> A"])
  }

  @Test func sourcesThatMatchNothing() throws {
    let manifest = """
      version: 1
      modules:
        - name: A
          sources: [A, Missing/*.swift]
      """
    try expectRefused(try project(manifest, files: Self.source), ["implicits.yaml:4:18:", "'Missing/*.swift' matches no .swift file"])
  }

  @Test func unknownKeyWithSuggestion() throws {
    let manifest = """
      version: 1
      modules:
        - name: A
          sources: [A]
          dependecies: []
      """
    try expectRefused(try project(manifest, files: Self.source), ["implicits.yaml:5:5:", "did you mean 'dependencies'?"])
  }

  @Test func externalInterfaces() throws {
    // A valid interface of module Vendor, written by the tool itself.
    let vendor = try TemporaryDirectory()
    try vendor.write("import Implicits\npublic func f(_ scope: ImplicitScope) {}\n", to: "Vendor.swift")
    let analyzed = try CommandLineTool.run(
      ["analyze", "--module-name", "Vendor", "--emit-interface", "Vendor.implicitinterface", "Vendor.swift"], in: vendor.path)
    #expect(analyzed.status == 0, "\(analyzed.errors)")
    let valid = try Data(contentsOf: URL(fileURLWithPath: vendor.path + "/Vendor.implicitinterface"))

    let manifest = """
      version: 1
      modules:
        - name: A
          sources: [A]
          dependencies: [Missing, Truncated, Foreign, Newer, Other]
      external-interfaces:
        - name: Missing
          path: prebuilt/Missing.implicitinterface
        - name: Truncated
          path: prebuilt/Truncated.implicitinterface
        - name: Foreign
          path: prebuilt/Foreign.implicitinterface
        - name: Newer
          path: prebuilt/Newer.implicitinterface
        - name: Other
          path: prebuilt/Other.implicitinterface
      """
    let project = try project(manifest, files: Self.source)
    try FileManager.default.createDirectory(atPath: project.path + "/prebuilt", withIntermediateDirectories: true)
    try valid.prefix(valid.count / 2).write(to: URL(fileURLWithPath: project.path + "/prebuilt/Truncated.implicitinterface"))
    try Data("not an interface".utf8).write(to: URL(fileURLWithPath: project.path + "/prebuilt/Foreign.implicitinterface"))
    var newer = [UInt8](valid)
    newer[8] = UInt8(FormatVersion.current.major + 1)  // a major version newer than this tool reads
    try Data(newer).write(to: URL(fileURLWithPath: project.path + "/prebuilt/Newer.implicitinterface"))
    try valid.write(to: URL(fileURLWithPath: project.path + "/prebuilt/Other.implicitinterface"))
    try expectRefused(
      project,
      [
        "implicits.yaml:8:11: error: external interface 'Missing'", "the file does not exist",
        "implicits.yaml:10:11: error: external interface 'Truncated'", "the file is truncated",
        "implicits.yaml:12:11: error: external interface 'Foreign'", "it is not an .implicitinterface file",
        "implicits.yaml:14:11: error: external interface 'Newer'", "interface format \(FormatVersion.current.major + 1).0",
        "upgrade implicits to a version that reads format \(FormatVersion.current.major + 1).x",
        "implicits.yaml:16:11: error: external interface 'Other'", "the file declares module 'Vendor'",
      ])
  }

  @Test func badFlagsExitTwo() throws {
    let directory = try TemporaryDirectory()
    let result = try CommandLineTool.run(["build", "--no-such-flag"], in: directory.path)
    #expect(result.status == 2)
    #expect(result.errors.contains("--no-such-flag"))
    let missing = try CommandLineTool.run(["build", "--manifest", "nowhere.yaml"], in: directory.path)
    #expect(missing.status == 2)
    #expect(missing.errors.contains("nowhere.yaml"))
  }
}
