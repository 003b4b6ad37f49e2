import ImplicitsTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Colours only where a person reads them, and the XML reports CI servers
/// read (Checkstyle, JUnit), through the CLI.
@Suite struct ColorAndReportFormatTests {
  static let escape = "\u{1B}["

  /// `command` under a pseudo-terminal (`script`), standard error and
  /// output together. `NO_COLOR` is emptied (the test runner may set it;
  /// empty means unset).
  static func onTerminal(_ arguments: String, in directory: String, environment: [String: String]) throws
    -> CommandLineTool.Result
  {
    try CommandLineTool.run(
      executable: URL(fileURLWithPath: "/usr/bin/script"),
      ["-qec", "\(CommandLineTool.executable.path) \(arguments) 2>&1", "/dev/null"], in: directory,
      environment: ["NO_COLOR": ""].merging(environment) { _, given in given })
  }

  @Test func coloursOnATerminalOnly() throws {
    let module = try ReporterTests.module()
    let arguments = "analyze --module Shop Sources/Shop/Shop.swift"
    let terminal = try Self.onTerminal(arguments, in: module.path, environment: ["TERM": "xterm"])
    #expect(terminal.status == 1)
    #expect(
      terminal.output.contains(
        "\u{1B}[1mSources/Shop/Shop.swift:15:15:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1mUnresolved requirement: Wallet\u{1B}[0m"
      ), "\(terminal.output.debugDescription)")
    #expect(terminal.output.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
    // NO_COLOR, TERM=dumb and --color never turn them off on a terminal.
    for (environment, extra) in [(["TERM": "xterm", "NO_COLOR": "1"], ""), (["TERM": "dumb"], ""), (["TERM": "xterm"], " --color never")] {
      let plain = try Self.onTerminal(arguments + extra, in: module.path, environment: environment)
      #expect(plain.output.contains("Sources/Shop/Shop.swift:15:15: error: Unresolved requirement: Wallet"), "\(environment)")
      #expect(!plain.output.contains(Self.escape), "\(environment)\(extra): \(plain.output.debugDescription)")
    }
    // A pipe gets none; --color always gives them to a pipe too.
    let piped = try ReporterTests.analyze(module, [])
    #expect(!piped.output.contains(Self.escape))
    let forced = try ReporterTests.analyze(module, ["--color", "always"])
    #expect(forced.output.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    // Machine formats are never coloured.
    let json = try ReporterTests.analyze(module, ["--color", "always", "--format", "json"])
    #expect(!json.output.contains(Self.escape))
    let bad = try ReporterTests.analyze(module, ["--color", "sometimes"])
    #expect(bad.status == 2)
    #expect(bad.errors.contains("--color"), "\(bad.errors)")
  }

  /// A build's messages on a terminal: the error word of a manifest
  /// problem, and the verdict.
  @Test func buildMessagesAreColouredOnATerminal() throws {
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules:\n  - name: Core\n    sources: [Missing]\n", to: "implicits.yaml")
    let run = try Self.onTerminal("build", in: project.path, environment: ["TERM": "xterm"])
    #expect(run.status == 2)
    #expect(run.output.contains("implicits.yaml:4:15:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m sources entry 'Missing'"), "\(run.output.debugDescription)")
    #expect(run.output.contains("\u{1B}[1;31merror:\u{1B}[0m the build did not start"), "\(run.output.debugDescription)")
  }

  @Test func checkstyleReport() throws {
    let module = try ReporterTests.module()
    let result = try ReporterTests.analyze(module, ["--diagnostics-format", "checkstyle"])
    #expect(result.status == 1)
    let elements = try Self.parse(result.output)
    #expect(elements.map(\.name) == ["checkstyle", "file", "error", "error"], "\(result.output)")
    #expect(elements[1].attributes["name"] == "Sources/Shop/Shop.swift")
    let errors = elements.filter { $0.name == "error" }
    #expect(Set(errors.compactMap { $0.attributes["severity"] }) == ["error", "warning"])
    let unresolved = try #require(errors.first { $0.attributes["source"] == "implicits.unresolved-requirement" })
    #expect(unresolved.attributes["line"] == "15" && unresolved.attributes["column"] == "15")
    #expect(unresolved.attributes["message"]?.hasPrefix("Unresolved requirement: Wallet\nnote: ") == true)
  }

  @Test func junitReport() throws {
    let module = try ReporterTests.module()
    let result = try ReporterTests.analyze(module, ["--format", "junit"])
    #expect(result.status == 1)
    let elements = try Self.parse(result.output)
    #expect(elements.map(\.name) == ["testsuites", "testsuite", "testcase", "failure", "testcase", "failure"])
    #expect(elements[1].attributes["tests"] == "2" && elements[1].attributes["failures"] == "2")
    let failures = elements.filter { $0.name == "failure" }
    #expect(failures.contains { $0.attributes["type"] == "error" && $0.attributes["message"] == "Unresolved requirement: Wallet" })
    #expect(failures.contains { $0.text.contains("Sources/Shop/Shop.swift:15:15: error: Unresolved requirement: Wallet\n") })
    // A clean build: a suite of no tests, and valid XML.
    let clean = try TemporaryDirectory()
    try clean.write("import Implicits\nfunc run() {}\n", to: "A.swift")
    let passed = try CommandLineTool.run(["analyze", "--module", "A", "--format", "junit", "A.swift"], in: clean.path)
    #expect(passed.status == 0)
    #expect(try Self.parse(passed.output).map(\.name) == ["testsuites", "testsuite"])
  }

  /// A control character or markup in a file name stays well-formed XML.
  @Test func markupAndControlsInPathsStayWellFormed() throws {
    let directory = try TemporaryDirectory()
    let name = "a<b>&\"q\u{7}.swift"
    try directory.write("import Implicits\nfinal class W {}\nfunc f(_ scope: ImplicitScope) {\n  @Implicit var w: W\n  print(w)\n}\nfunc g() { let s = ImplicitScope(); defer { s.end() }; f(s) }\n", to: name)
    for format in ["checkstyle", "junit"] {
      let result = try CommandLineTool.run(["analyze", "--module", "A", "--format", format, name], in: directory.path)
      #expect(result.status == 1)
      let elements = try Self.parse(result.output)
      #expect(elements.contains { $0.attributes.values.contains { $0.contains("a<b>&\"q\\u{7}.swift") } }, "\(result.output)")
    }
  }

  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
  }

  /// The elements of an XML document in document order; throws when it is
  /// not well-formed.
  static func parse(_ text: String) throws -> [Element] {
    final class Collector: NSObject, XMLParserDelegate {
      var elements: [Element] = []
      var open: [Int] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
      }
      func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
      }
      func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
      }
    }
    let parser = XMLParser(data: Data(text.utf8))
    let collector = Collector()
    parser.delegate = collector
    guard parser.parse() else {
      throw CocoaError(.propertyListReadCorrupt, userInfo: ["text": text, "error": "\(parser.parserError as Any)"])
    }
    return collector.elements
  }
}
