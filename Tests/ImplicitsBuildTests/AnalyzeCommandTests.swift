import ImplicitsTestSupport
import Foundation
import ImplicitsInterface
import Testing

/// `implicits analyze` and `implicits interface`, as a build script calls them.
@Suite struct AnalyzeCommandTests {
  static let core = """
    import Implicits

    public final class Network {
      public init() {}
    }

    extension ImplicitsKeys {
      public static let region = Key<String>()
    }

    public func fetch(_ scope: ImplicitScope) {
      @Implicit var network: Network
      helper(scope)
    }

    func helper(_ scope: ImplicitScope) {
      @Implicit(\\.region) var region: String
    }
    """

  static let more = """
    import Implicits

    public struct Store {
      public init() {}
      public func save(_ scope: ImplicitScope) {
        fetch(scope)
      }
    }
    """

  static let app = """
    import Core
    import Implicits

    func run() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var network = Network()
      @Implicit(ImplicitsKeys.region) var region = "eu"
      fetch(scope)
    }
    """

  func analyzeCore(in directory: TemporaryDirectory, files: [String], output: String = "Core.implicitinterface") throws -> CommandLineTool.Result {
    try CommandLineTool.run(
      ["analyze", "--module-name", "Core", "--sources-root", ".", "--emit-interface", output, "--emit-support-file", "Core.implicits.swift"]
        + files, in: directory.path)
  }

  /// Two copies of a project at different paths, files named in different
  /// orders: byte-identical interfaces.
  @Test func interfacesAreDeterministicAndRelocatable() throws {
    let first = try TemporaryDirectory()
    let second = try TemporaryDirectory()
    for copy in [first, second] {
      try copy.write(Self.core, to: "Sources/Core/Core.swift")
      try copy.write(Self.more, to: "Sources/Core/Store.swift")
    }
    #expect(try analyzeCore(in: first, files: ["Sources/Core/Core.swift", "Sources/Core/Store.swift"]).status == 0)
    #expect(try analyzeCore(in: second, files: ["Sources/Core/Store.swift", "Sources/Core/Core.swift"]).status == 0)
    let a = try Data(contentsOf: URL(fileURLWithPath: first.path + "/Core.implicitinterface"))
    let b = try Data(contentsOf: URL(fileURLWithPath: second.path + "/Core.implicitinterface"))
    #expect(a == b)
    #expect(try first.read("Core.implicits.swift") == second.read("Core.implicits.swift"))
    // Absolute paths on the command line, relative to --sources-root.
    let third = try TemporaryDirectory()
    try third.write(Self.core, to: "Sources/Core/Core.swift")
    try third.write(Self.more, to: "Sources/Core/Store.swift")
    let absolute = try CommandLineTool.run(
      ["analyze", "--module-name", "Core", "--sources-root", third.path, "--emit-interface", "Core.implicitinterface",
       third.path + "/Sources/Core/Store.swift", third.path + "/Sources/Core/Core.swift"], in: third.path)
    #expect(absolute.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: third.path + "/Core.implicitinterface")) == a)
  }

  /// A module that calls a public function of an upstream module gets its
  /// requirements through the interface.
  @Test func requirementsCrossModules() throws {
    let project = try TemporaryDirectory()
    try project.write(Self.core, to: "Core.swift")
    try project.write(Self.app, to: "App.swift")
    #expect(try analyzeCore(in: project, files: ["Core.swift"]).status == 0)
    let ok = try CommandLineTool.run(
      ["analyze", "--module-name", "App", "--dependency-interface", "Core.implicitinterface", "App.swift"], in: project.path)
    #expect(ok.status == 0, "\(ok.output)\(ok.errors)")
    #expect(ok.output.isEmpty)
    try project.write(Self.app.replacingOccurrences(of: "  @Implicit(ImplicitsKeys.region) var region = \"eu\"\n", with: ""), to: "App.swift")
    let missing = try CommandLineTool.run(
      ["analyze", "--module-name", "App", "--dependency-interface", "Core.implicitinterface", "App.swift"], in: project.path)
    #expect(missing.status == 1)
    #expect(missing.output.contains("App.swift:5:3: error: Unresolved requirement: \\.region"), "\(missing.output)")
    #expect(missing.output.contains("note: 'fetch(_:)' of module 'Core' requires '\\.region', called here"))
  }

  @Test func unusableInterfacesExitTwoNamingTheModule() throws {
    let project = try TemporaryDirectory()
    try project.write(Self.core, to: "Core.swift")
    try project.write(Self.app, to: "App.swift")
    #expect(try analyzeCore(in: project, files: ["Core.swift"]).status == 0)
    let valid = try Data(contentsOf: URL(fileURLWithPath: project.path + "/Core.implicitinterface"))
    let cases: [(String, Data?, String)] = [
      ("missing", nil, "the file does not exist"),
      ("truncated", valid.prefix(valid.count - 7), "the file is truncated"),
      ("foreign", Data("#!/bin/sh\necho not an interface\n".utf8), "it is not an .implicitinterface file"),
    ]
    for (name, contents, cause) in cases {
      let directory = project.path + "/\(name)"
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      if let contents { try contents.write(to: URL(fileURLWithPath: directory + "/Core.implicitinterface")) }
      let result = try CommandLineTool.run(
        ["analyze", "--module-name", "App", "--dependency-interface", "\(name)/Core.implicitinterface",
         "--emit-interface", "App.implicitinterface", "App.swift"], in: project.path)
      #expect(result.status == 2, "\(name)")
      #expect(result.errors.contains("module 'Core'"), "\(name): \(result.errors)")
      #expect(result.errors.contains("\(name)/Core.implicitinterface"), "\(name): \(result.errors)")
      #expect(result.errors.contains(cause), "\(name): \(result.errors)")
      #expect(!project.exists("App.implicitinterface"), "\(name): an output was written")
    }
    // A file that is not named like an interface was passed by mistake: no
    // "re-analyze" advice.
    try project.write("version: 1\n", to: "implicits.yaml")
    let dump = try CommandLineTool.run(["interface", "dump", "implicits.yaml"], in: project.path)
    #expect(dump.status == 2)
    #expect(dump.errors.contains("it is not an .implicitinterface file"), "\(dump.errors)")
    #expect(dump.errors.contains("pass the .implicitinterface file"), "\(dump.errors)")
    #expect(!dump.errors.contains("re-analyze"), "\(dump.errors)")
  }

  @Test func aModuleHandedItsOwnInterfaceExitsTwo() throws {
    let project = try TemporaryDirectory()
    try project.write(Self.core, to: "Core.swift")
    #expect(try analyzeCore(in: project, files: ["Core.swift"]).status == 0)
    let result = try CommandLineTool.run(
      ["analyze", "--module-name", "Core", "--dependency-interface", "Core.implicitinterface",
       "--emit-interface", "Again.implicitinterface", "Core.swift"], in: project.path)
    #expect(result.status == 2)
    #expect(result.errors.contains("interface of module 'Core' at 'Core.implicitinterface'"), "\(result.errors)")
    #expect(result.errors.contains("a module cannot depend on itself"), "\(result.errors)")
    #expect(!project.exists("Again.implicitinterface"))
  }

  @Test func unreadableSourceAndBadFlagsExitTwo() throws {
    let project = try TemporaryDirectory()
    let missing = try CommandLineTool.run(["analyze", "--module-name", "App", "Nowhere.swift"], in: project.path)
    #expect(missing.status == 2)
    #expect(missing.errors.contains("cannot read source file 'Nowhere.swift'"))
    let badName = try CommandLineTool.run(["analyze", "--module-name", "1App", "x.swift"], in: project.path)
    #expect(badName.status == 2)
    let noFiles = try CommandLineTool.run(["analyze", "--module-name", "App"], in: project.path)
    #expect(noFiles.status == 2)
  }

  /// The interface's modification time is set to a day long past after
  /// the first analysis: any write, however soon and on whatever file
  /// system, makes it the present; and an interface that does change is
  /// written (so the time shows writes).
  @Test func outputsAreRewrittenOnlyWhenTheyChange() throws {
    let project = try TemporaryDirectory()
    try project.write(Self.core, to: "Core.swift")
    #expect(try analyzeCore(in: project, files: ["Core.swift"]).status == 0)
    let path = project.path + "/Core.implicitinterface"
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    func modified() throws -> Date { try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date }
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
    #expect(try modified() == past)
    let unchanged = try Data(contentsOf: URL(fileURLWithPath: path))
    try project.write(Self.core.replacingOccurrences(of: "helper(scope)", with: "helper(scope) // same requirements"), to: "Core.swift")
    #expect(try analyzeCore(in: project, files: ["Core.swift"]).status == 0)
    #expect(try modified() == past)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == unchanged)

    try project.write(
      Self.core.replacingOccurrences(of: "@Implicit var network: Network", with: "@Implicit var network: Network\n  @Implicit var count: Int"),
      to: "Core.swift")
    #expect(try analyzeCore(in: project, files: ["Core.swift"]).status == 0)
    #expect(try modified() != past)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) != unchanged)
  }

  /// `interface diff`: a gained requirement is breaking and names the key;
  /// the reverse is compatible.
  @Test func diffClassifiesRequirementChanges() throws {
    let project = try TemporaryDirectory()
    try project.write(Self.core, to: "Core.swift")
    #expect(try analyzeCore(in: project, files: ["Core.swift"], output: "old.implicitinterface").status == 0)
    try project.write(
      Self.core.replacingOccurrences(of: "@Implicit var network: Network", with: "@Implicit var network: Network\n  @Implicit var count: Int"),
      to: "Core.swift")
    #expect(try analyzeCore(in: project, files: ["Core.swift"], output: "new.implicitinterface").status == 0)
    let breaking = try CommandLineTool.run(["interface", "diff", "old.implicitinterface", "new.implicitinterface"], in: project.path)
    #expect(breaking.status == 1)
    #expect(breaking.output.contains("breaking: function fetch(_:): now requires Int"), "\(breaking.output)")
    let compatible = try CommandLineTool.run(["interface", "diff", "new.implicitinterface", "old.implicitinterface"], in: project.path)
    #expect(compatible.status == 0)
    #expect(compatible.output.contains("compatible: function fetch(_:): no longer requires Int"))
    let json = try CommandLineTool.run(
      ["interface", "diff", "old.implicitinterface", "new.implicitinterface", "--format", "json"], in: project.path)
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect(object?["breaking"] as? Bool == true)
    // Two modules' interfaces are not two versions of one: exit 2, one error line.
    #expect(try CommandLineTool.run(["analyze", "--module-name", "Other", "Core.swift", "--emit-interface", "other.implicitinterface"], in: project.path).status == 0)
    let mismatch = try CommandLineTool.run(["interface", "diff", "old.implicitinterface", "other.implicitinterface"], in: project.path)
    #expect(mismatch.status == 2)
    #expect(
      mismatch.errors == "error: cannot compare interfaces of different modules: 'old.implicitinterface' describes module "
        + "'Core' and 'other.implicitinterface' module 'Other'; diff compares two versions of one module's interface\n")
  }

  @Test func dumpShowsHeaderAndSymbols() throws {
    let project = try TemporaryDirectory()
    try project.write(Self.core, to: "Core.swift")
    #expect(try analyzeCore(in: project, files: ["Core.swift"]).status == 0)
    let text = try CommandLineTool.run(["interface", "dump", "Core.implicitinterface"], in: project.path)
    #expect(text.status == 0)
    for fragment in ["module Core", "format \(FormatVersion.current)", "tool implicits", "fingerprint ", "public \\.region: String",
                     "public fetch(_:) requires Core.Network, \\.Core.region", "internal helper(_:) requires \\.Core.region"] {
      #expect(text.output.contains(fragment), "missing \(fragment) in:\n\(text.output)")
    }
    let json = try CommandLineTool.run(["interface", "dump", "Core.implicitinterface", "--format", "json"], in: project.path)
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect((object?["header"] as? [String: Any])?["module"] as? String == "Core")
  }

  @Test func versionNamesToolAndFormat() throws {
    let result = try CommandLineTool.run(["--version"], in: NSTemporaryDirectory())
    #expect(result.status == 0)
    #expect(result.output.contains("implicits \(ToolVersion.current)"))
    #expect(result.output.contains("interface format \(FormatVersion.current)"))
  }

  /// An interface analyzed against another version of an upstream
  /// interface handed over with it is refused, naming both modules and
  /// which one to re-analyze first.
  @Test func staleInterfacesAreRefused() throws {
    let directory = try TemporaryDirectory()
    try directory.write(Self.core, to: "Core/Core.swift")
    try directory.write(
      """
      import Core
      import Implicits

      public func feature(_ scope: ImplicitScope) {
        fetch(scope)
      }
      """, to: "Feature/Feature.swift")
    try directory.write(
      """
      import Core
      import Feature
      import Implicits

      func run() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var network = Network()
        @Implicit(ImplicitsKeys.region) var region = "eu"
        feature(scope)
      }
      """, to: "App/App.swift")
    func analyze(_ module: String, _ dependencies: [String], emit: Bool = true) throws -> CommandLineTool.Result {
      try CommandLineTool.run(
        ["analyze", "--module-name", module]
          + dependencies.flatMap { ["--dependency-interface", "out/\($0).implicitinterface"] }
          + (emit ? ["--emit-interface", "out/\(module).implicitinterface"] : []) + ["\(module)/\(module).swift"],
        in: directory.path)
    }
    #expect(try analyze("Core", []).status == 0)
    #expect(try analyze("Feature", ["Core"]).status == 0)
    #expect(try analyze("App", ["Core", "Feature"], emit: false).status == 0)
    // Core changes what it requires; Feature is not analyzed again.
    try directory.edit("Core/Core.swift", replacing: "@Implicit var network: Network", with: "@Implicit var network: Network\n  @Implicit var other: Int")
    #expect(try analyze("Core", []).status == 0)
    let stale = try analyze("App", ["Core", "Feature"], emit: false)
    #expect(stale.status == 2)
    #expect(stale.output.isEmpty, "no analysis runs: \(stale.output)")
    #expect(
      stale.errors.contains(
        "error: cannot use interface of module 'Feature' at 'out/Feature.implicitinterface': it is stale: it was analyzed against another version of module 'Core'"),
      "\(stale.errors)")
    #expect(stale.errors.contains("re-analyze 'Feature' first, against that interface of 'Core', then this module"))
    // Once Feature is analyzed again, App is fine.
    #expect(try analyze("Feature", ["Core"]).status == 0)
    #expect(try analyze("App", ["Core", "Feature"], emit: false).status == 1)
  }
}
