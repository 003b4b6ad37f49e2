import ImplicitsTestSupport
import Foundation
import Testing

/// Inputs that used to crash the tool, hang it or make it read without
/// end: each now gets a diagnostic (exit 1) or a clear error (exit 2).
/// The tool runs under a watchdog: a hang fails the test.
@Suite struct HostileInputTests {
  static let deepFiles: [(name: String, text: String, rule: String)] = [
    ("Arrays", "let x = " + String(repeating: "[", count: 1_000) + "1" + String(repeating: "]", count: 1_000), "nesting-limit"),
    ("Mixed", "let x = " + String(repeating: "[(", count: 500) + "1" + String(repeating: ")]", count: 500), "nesting-limit"),
    ("TupleTypes", "let x = " + String(repeating: "[(a, ", count: 40) + "1" + String(repeating: ")]", count: 40), "nesting-limit"),
    ("Generics", "let x: " + String(repeating: "A<", count: 5_000) + "Int" + String(repeating: ">", count: 5_000) + " = 1", "nesting-limit"),
    ("Chain", "let x = a" + String(repeating: ".b", count: 100_000), "nesting-limit"),
    ("Interpolations", "let x = " + String(repeating: "\"\\(", count: 20_000) + "1" + String(repeating: ")\"", count: 20_000), "nesting-limit"),
    ("RawInterpolations", "let x = " + String(repeating: "#\"\\#(", count: 17) + "1" + String(repeating: ")\"#", count: 17), "nesting-limit"),
  ]

  @Test(arguments: deepFiles.map(\.name))
  func deepNestingGetsADiagnostic(_ name: String) throws {
    let file = try #require(Self.deepFiles.first { $0.name == name })
    let directory = try TemporaryDirectory()
    try directory.write(file.text + "\n", to: "\(name).swift")
    let result = try CommandLineTool.run(
      executable: CommandLineTool.executable,
      ["analyze", "--module-name", "Deep", "--diagnostics-format", "json", "\(name).swift"], in: directory.path, killAfter: 60)
    #expect(result.status == 1, "\(result.errors)")
    let diagnostics = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    #expect(diagnostics.first?["rule"] as? String == file.rule, "\(result.output.prefix(400))")
    #expect(diagnostics.first?["line"] as? Int == 1)
  }

  /// Found by `Fuzz/FuzzAnalyzer`: an `=` with a space and then a form
  /// feed (or a vertical tab, or a line separator) before it made
  /// SwiftParserDiagnostics trap on an empty Fix-It.
  @Test(arguments: ["\u{0C}", "\u{0B}", "\u{2028}"])
  func unevenlySpacedEqualsIsASyntaxError(_ separator: String) throws {
    let directory = try TemporaryDirectory()
    try directory.write("let a \(separator)= 1\n", to: "Equals.swift")
    let result = try CommandLineTool.run(
      executable: CommandLineTool.executable, ["analyze", "--module-name", "Equals", "Equals.swift"], in: directory.path,
      killAfter: 60)
    #expect(result.status == 1, "\(result.errors)")
    #expect(result.output.hasSuffix("error: Syntax error: '=' must have consistent whitespace on both sides\n"), "\(result.output)")
  }

  /// Nesting that real code has stays well inside the limits, and brackets
  /// in comments and strings do not count.
  @Test func ordinaryNestingIsAnalyzed() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      """
      let table = \(String(repeating: "[", count: 12))1\(String(repeating: "]", count: 12))
      let nested: \(String(repeating: "Array<", count: 60))Int\(String(repeating: ">", count: 60)) = []
      // \(String(repeating: "[", count: 40))
      /* \(String(repeating: "[", count: 40)) /* nested */ */
      let text = "\(String(repeating: "[", count: 40))"
      let raw = #"\(String(repeating: "[", count: 40))"#
      let block = \"\"\"
        \(String(repeating: "[", count: 40))
        \"\"\"
      let interpolated = "\\(table.count) \(String(repeating: "[", count: 40))"
      let compared = 1<2 && 2<3
      let deepText = \(String(repeating: "\"\\(", count: 16))1\(String(repeating: ")\"", count: 16))
      """, to: "Fine.swift")
    let result = try CommandLineTool.run(
      executable: CommandLineTool.executable, ["analyze", "--module-name", "Fine", "Fine.swift"], in: directory.path,
      killAfter: 60)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.isEmpty)
  }

  /// One hostile module fails with its diagnostic; the others are analyzed
  /// and the report is written.
  @Test func oneModuleNeverTakesTheBuildDown() throws {
    let project = try TemporaryDirectory()
    try project.write(
      """
      version: 1
      modules:
        - name: Good
          sources: [Good]
        - name: Deep
          sources: [Deep]
      """, to: "implicits.yaml")
    try project.write("import Implicits\npublic func fine() {}\n", to: "Good/Good.swift")
    try project.write(
      "let x: " + String(repeating: "A<", count: 30_000) + "Int" + String(repeating: ">", count: 30_000) + " = 1\n",
      to: "Deep/Deep.swift")
    let result = try CommandLineTool.run(
      executable: CommandLineTool.executable, ["build", "-j", "1", "--keep-going", "--build-report", "report.json"],
      in: project.path, killAfter: 120)
    #expect(result.status == 1, "\(result.errors)")
    #expect(result.output.contains("Deep/Deep.swift:1:"), "\(result.output.prefix(300))")
    #expect(result.output.contains("error: More than 64 generic argument lists nested in each other"))
    let report = try Report.read(project.path + "/report.json")
    #expect(report.module("Good")?.status == "analyzed")
    #expect(report.module("Deep")?.status == "failed")
  }

  /// The deepest code the limits allow (a member chain 1,980 links long,
  /// at the top level and in a function body) is analyzed in a build, where
  /// each worker runs its analyses in place on its one deep-stack thread.
  @Test(arguments: ["1", "2"])
  func theDeepestCodeTheLimitsAllowIsAnalyzedInABuild(_ jobs: String) throws {
    let project = try TemporaryDirectory()
    let chain = "y" + String(repeating: ".next", count: 1_980)
    try project.write(
      """
      version: 1
      modules:
        - name: Deep
          sources: [Deep]
        - name: User
          sources: [User]
          dependencies: [Deep]
      """, to: "implicits.yaml")
    try project.write(
      "import Implicits\nlet x = \(chain)\npublic func deep(_ scope: ImplicitScope) {\n  let z = \(chain)\n}\n",
      to: "Deep/Deep.swift")
    try project.write("import Implicits\nimport Deep\nfunc use(_ scope: ImplicitScope) { deep(scope) }\n", to: "User/User.swift")
    let result = try CommandLineTool.run(
      executable: CommandLineTool.executable, ["build", "-j", jobs, "--build-report", "report.json"], in: project.path,
      killAfter: 120)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    let report = try Report.read(project.path + "/report.json")
    #expect(report.names("analyzed") == ["Deep", "User"])
  }

  /// A crash in one module's analysis (a fault injected in its worker
  /// process) fails that module with a diagnostic at its file; the others
  /// keep their results, the report is written, and the next build
  /// analyzes the module again.
  @Test(arguments: [["--keep-going"], ["-j", "1"]])
  func aCrashFailsOnlyItsModule(_ flags: [String]) throws {
    let project = try TemporaryDirectory()
    try project.write(
      """
      version: 1
      modules:
        - name: Good
          sources: [Good]
        - name: Crash
          sources: [Crash]
        - name: Dependent
          sources: [Dependent]
          dependencies: [Crash]
      """, to: "implicits.yaml")
    try project.write("import Implicits\npublic func fine() {}\n", to: "Good/Good.swift")
    try project.write("import Implicits\npublic func first() {}\n", to: "Crash/A.swift")
    try project.write("import Implicits\npublic func second() {}\n", to: "Crash/B.swift")
    try project.write("import Crash\nfunc use() { first() }\n", to: "Dependent/Dependent.swift")
    let crashed = try CommandLineTool.run(
      executable: CommandLineTool.executable, ["build", "--build-report", "report.json"] + flags, in: project.path,
      environment: ["IMPLICITS_TEST_CRASH_IN_MODULE": "Crash", "SWIFT_BACKTRACE": "enable=no"], killAfter: 120)
    #expect(crashed.status == 1, "\(crashed.errors)")
    #expect(
      crashed.output.contains(
        "Crash/A.swift:1:1: error: The analysis of module 'Crash' crashed (signal 11, SIGSEGV) while analyzing the "
          + "bodies of this file; the other modules are not affected."), "\(crashed.output)")
    let report = try Report.read(project.path + "/report.json")
    #expect(report.module("Crash")?.status == "failed")
    #expect(report.module("Dependent")?.status == "not-run")
    let layout = project.path + "/.implicits"
    #expect(!FileManager.default.fileExists(atPath: layout + "/interfaces/Crash.implicitinterface"))
    if flags.contains("--keep-going") {
      #expect(report.module("Good")?.status == "analyzed")
      #expect(FileManager.default.fileExists(atPath: layout + "/interfaces/Good.implicitinterface"))
    }

    let again = try CommandLineTool.run(
      executable: CommandLineTool.executable, ["build", "--verbose"], in: project.path, killAfter: 120)
    #expect(again.status == 0, "\(again.output)\(again.errors)")
    #expect(again.errors.contains("Analyzed Crash"), "\(again.errors)")
    #expect(again.errors.contains("Analyzed Dependent"), "\(again.errors)")
  }

  @Test func specialFilesAreRefusedUnread() throws {
    let directory = try TemporaryDirectory()
    try directory.write("import Implicits\n", to: "Core/Core.swift")
    #expect(mkfifo(directory.path + "/implicits.yaml", 0o644) == 0)
    let fifoManifest = try CommandLineTool.run(
      executable: CommandLineTool.executable, ["build"], in: directory.path, killAfter: 60)
    #expect(fifoManifest.status == 2)
    #expect(fifoManifest.errors.contains("cannot read the manifest: it is a FIFO (named pipe), not a regular file"))

    let zero = try CommandLineTool.run(
      executable: CommandLineTool.executable,
      ["analyze", "--module-name", "Core", "--dependency-interface", "/dev/zero", "Core/Core.swift"], in: directory.path,
      killAfter: 60)
    #expect(zero.status == 2)
    #expect(zero.errors.contains("it is a character device, not a regular file"), "\(zero.errors)")

    #expect(mkfifo(directory.path + "/Core/Pipe.swift", 0o644) == 0)
    let fifoSource = try CommandLineTool.run(
      executable: CommandLineTool.executable, ["analyze", "--module-name", "Core", "Core/Pipe.swift"], in: directory.path,
      killAfter: 60)
    #expect(fifoSource.status == 2)
    #expect(fifoSource.errors.contains("cannot read source file 'Core/Pipe.swift': it is a FIFO (named pipe), not a regular file"))

    // In a manifest's directory: named, never skipped in silence.
    try FileManager.default.removeItem(atPath: directory.path + "/implicits.yaml")
    try directory.write("version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
    try FileManager.default.createSymbolicLink(atPath: directory.path + "/Core/Loop.swift", withDestinationPath: "Loop.swift")
    try FileManager.default.createSymbolicLink(atPath: directory.path + "/Core/Gone.swift", withDestinationPath: "Nowhere.swift")
    let build = try CommandLineTool.run(executable: CommandLineTool.executable, ["build"], in: directory.path, killAfter: 60)
    #expect(build.status == 2)
    #expect(build.errors.contains("Core/Pipe.swift', matched by 'Core', cannot be read as a source file: it is a FIFO (named pipe), not a regular file"), "\(build.errors)")
    #expect(build.errors.contains("Core/Loop.swift', matched by 'Core', cannot be read as a source file: it is a symbolic link that leads back to itself (a loop)"))
    #expect(build.errors.contains("Core/Gone.swift', matched by 'Core', cannot be read as a source file: it is a symbolic link to nothing"))
  }

  /// An interface file is judged by its header before the rest is read: a
  /// 4 GiB file that is not an interface, or whose size is not the length
  /// its header declares, is refused without reading it (the tool runs
  /// with 2 GB of address space, so reading it would fail differently).
  @Test func hugeInterfacesAreRefusedFromTheirHeader() throws {
    let directory = try TemporaryDirectory()
    try directory.write("public struct Token {}\n", to: "Core/Core.swift")
    try directory.write("import Core\n", to: "App/App.swift")
    let core = try CommandLineTool.run(
      ["analyze", "--module-name", "Core", "--emit-interface", "Core.implicitinterface", "Core/Core.swift"], in: directory.path)
    #expect(core.status == 0, "\(core.errors)")
    let size: off_t = off_t(UInt32.max)
    let real = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/Core.implicitinterface"))
    for (name, head, message) in [
      ("Foreign", Data(repeating: 0x41, count: 64), "it is not an .implicitinterface file"),
      ("Long", real, "the file has \(size) bytes but its header says \(real.count)"),
    ] {
      let path = directory.path + "/\(name).implicitinterface"
      try head.write(to: URL(fileURLWithPath: path))
      #expect(truncate(path, size) == 0)
      let result = try CommandLineTool.run(
        executable: URL(fileURLWithPath: "/bin/sh"),
        [
          "-c", "ulimit -v 2000000; exec \"$0\" \"$@\"", CommandLineTool.executable.path, "analyze", "--module-name", "App",
          "--dependency-interface", "\(name).implicitinterface", "App/App.swift",
        ], in: directory.path, killAfter: 60)
      #expect(result.status == 2, "\(result.errors)")
      #expect(result.errors.contains(message), "\(result.errors)")
    }
  }

  /// Sources stay below the sources root; the root and the output directory
  /// are checked before anything is walked; outputs are never sources.
  @Test func pathsAreFenced() throws {
    let project = try TemporaryDirectory()
    try project.write("import Implicits\npublic func f() {}\n", to: "Core/Core.swift")
    try project.write(
      "version: 1\nmodules:\n  - name: Core\n    sources: [Core, /, \"/**/*.swift\", ../..]\n", to: "implicits.yaml")
    let outside = try CommandLineTool.run(
      executable: CommandLineTool.executable, ["build"], in: project.path, killAfter: 60)
    #expect(outside.status == 2)
    for entry in ["'/'", "'/**/*.swift'", "'../..'"] {
      #expect(outside.errors.contains("sources entry \(entry) is outside the sources root"), "\(outside.errors)")
    }

    try project.write(
      "version: 1\nsources-root: nowhere\noutput-dir: out\nmodules:\n  - name: Core\n    sources: [Core]\n",
      to: "implicits.yaml")
    try project.write("a file", to: "out")
    let roots = try CommandLineTool.run(executable: CommandLineTool.executable, ["build"], in: project.path, killAfter: 60)
    #expect(roots.status == 2)
    #expect(roots.errors.contains("implicits.yaml:2:15: error: the sources root '\(project.path)/nowhere' cannot be used"), "\(roots.errors)")
    #expect(roots.errors.contains("implicits.yaml:3:13: error: the output directory '\(project.path)/out' exists and is not a directory"))
    try FileManager.default.removeItem(atPath: project.path + "/out")
    try FileManager.default.createSymbolicLink(atPath: project.path + "/out", withDestinationPath: "gone")
    let dangling = try CommandLineTool.run(executable: CommandLineTool.executable, ["build"], in: project.path, killAfter: 60)
    #expect(dangling.errors.contains("the output directory '\(project.path)/out' is a symbolic link to nothing"))

    // An output directory inside the module's directory is not walked.
    try FileManager.default.removeItem(atPath: project.path + "/out")
    try project.write(
      "version: 1\noutput-dir: Core/generated\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
    #expect(try CommandLineTool.run(executable: CommandLineTool.executable, ["build"], in: project.path).status == 0)
    #expect(project.exists("Core/generated/support/Core.implicits.swift"))
    let again = try CommandLineTool.run(executable: CommandLineTool.executable, ["build"], in: project.path)
    #expect(again.errors == "implicits: no work to do, 1 up to date\n", "\(again.errors)")
  }
}
