import ImplicitsTestSupport
import Testing

@testable import ImplicitsManifest

@Suite("YAML reader")
struct YAMLReaderTests {
  private func parse(_ text: String) throws -> YAMLNode? {
    try YAMLReader.parse(text, path: "/p.yaml")
  }

  private func errors(_ text: String) -> [String] {
    errors(bytes: Array(text.utf8))
  }

  private func errors(bytes: [UInt8]) -> [String] {
    do {
      _ = try YAMLReader.parse(bytes: bytes, path: "/p.yaml")
      return []
    } catch {
      return error.errors.map(\.rendered)
    }
  }

  @Test func buildsATreeWithOneBasedPositions() throws {
    let root = try #require(try parse("a: 1\nlist:\n  - x\n  - 'y'\nmap: {k: v}\né: ü\n"))
    let at = { (line: Int, column: Int) in Location(line: line, column: column) }
    let expected = YAMLNode(
      content: .mapping([
        YAMLMappingEntry(key: .scalar("a", at: at(1, 1)), value: .scalar("1", at: at(1, 4))),
        YAMLMappingEntry(
          key: .scalar("list", at: at(2, 1)),
          value: YAMLNode(
            content: .sequence([.scalar("x", at: at(3, 5)), .scalar("y", plain: false, at: at(4, 5))]),
            location: at(3, 3))),
        YAMLMappingEntry(
          key: .scalar("map", at: at(5, 1)),
          value: YAMLNode(
            content: .mapping([YAMLMappingEntry(key: .scalar("k", at: at(5, 7)), value: .scalar("v", at: at(5, 10)))]),
            location: at(5, 6))),
        // Columns count characters, not bytes.
        YAMLMappingEntry(key: .scalar("é", at: at(6, 1)), value: .scalar("ü", at: at(6, 4))),
      ]),
      location: at(1, 1))
    #expect(root == expected)
  }

  @Test func emptyAndCommentOnlyInputsHaveNoDocument() throws {
    #expect(try parse("") == nil)
    #expect(try parse("# nothing here\n\n   \n") == nil)
    #expect(try parse("---\n") == .scalar("", at: Location(line: 2, column: 1)))
  }

  @Test(arguments: [
    ("hello", true, YAMLScalar.Kind.string), ("'1'", false, .string), ("1", true, .integer), ("-12", true, .integer),
    ("0x1F", true, .integer), ("0o17", true, .integer), ("1.5", true, .float), ("1e3", true, .float),
    (".inf", true, .float), ("true", true, .boolean), ("False", true, .boolean), ("yes", true, .string),
    ("~", true, .null), ("null", true, .null), ("", true, .null), ("", false, .string), ("1.2.3", true, .string),
    ("Modules/*.swift", true, .string), ("M5", true, .string), ("_a", true, .string), ("/a", true, .string),
    ("NULL", true, .null), ("TRUE", true, .boolean), ("nan", true, .string), ("t", true, .string),
    ("f1", true, .string), ("+7", true, .integer), (".5", true, .float),
  ])
  func scalarsResolveLikeTheCoreSchema(_ text: String, _ plain: Bool, _ kind: YAMLScalar.Kind) {
    let value = plain ? text : String(text.dropFirst().dropLast())
    #expect(YAMLScalar(value: value, isPlain: plain).kind == kind)
  }

  @Test func syntaxErrorsNameLineColumnAndLibyamlsProblem() {
    #expect(
      errors("version: 1\nmodules:\n  - name: Core\n   sources: [x]\n") == [
        "/p.yaml:4:4: error: invalid YAML: did not find expected '-' indicator (while parsing a block collection that starts at line 3, column 3)"
      ])
    #expect(
      errors("a: 'unterminated\n") == [
        "/p.yaml:2:1: error: invalid YAML: found unexpected end of stream (while scanning a quoted scalar that starts at line 1, column 4)"
      ])
  }

  @Test func theCommonSlipsAreSaidAtThePlaceToFix() {
    #expect(
      errors("version: 1\n\tmodules: x\n") == [
        "/p.yaml:2:1: error: a tab in the indentation: YAML indents with spaces only; replace the tab with spaces"
      ])
    #expect(
      errors("version: 1\nmodules:\n  - name: A\n  \t sources: [A]\n") == [
        "/p.yaml:4:3: error: a tab in the indentation: YAML indents with spaces only; replace the tab with spaces"
      ])
    // A tab before a list item: libyaml stops at it as a character that
    // cannot start a token.
    #expect(
      errors("version: 1\nmodules:\n\t- name: A\n") == [
        "/p.yaml:3:1: error: a tab in the indentation: YAML indents with spaces only; replace the tab with spaces"
      ])
    // libyaml stops on the next line; the ':' is missing on this one.
    #expect(
      errors("version: 1\nmodules:\n  - name A\n    sources: [A]\n") == [
        "/p.yaml:3:9: error: 'name' is missing its ':' (write 'name: A')"
      ])
    #expect(
      errors("version: 1\nmodules:\n  - name: A\n    sources [A]\n    dependencies: []\n") == [
        "/p.yaml:4:12: error: 'sources' is missing its ':' (write 'sources: [A]')"
      ])
  }

  @Test func anUnquotedGlobGetsAHint() {
    #expect(
      errors("exclude:\n  - **/*Tests.swift\n") == [
        "/p.yaml:2:6: error: invalid YAML: did not find expected alphabetic or numeric character (while scanning an alias that starts at line 2, column 5); a value starting with '*', such as a glob, must be quoted: \"**/*.swift\""
      ])
  }

  @Test func encodingErrorsArePlacedByTheirByteOffset() {
    #expect(
      errors(bytes: Array("a: b\nc: ".utf8) + [0xFF]) == [
        "/p.yaml:2:4: error: invalid YAML text: invalid leading UTF-8 octet (0xFF)"
      ])
    #expect(errors("a: \u{1}") == ["/p.yaml:1:4: error: invalid YAML text: control characters are not allowed (0x1)"])
  }

  @Test func anchorsAliasesAndTagsAreAllReported() {
    #expect(
      errors("a: &x 1\nb: *x\nc: !!str 2\nd: !local [1]\n") == [
        "/p.yaml:1:4: error: YAML anchors (&x) are not supported in a manifest",
        "/p.yaml:2:4: error: YAML aliases (*name) are not supported in a manifest; a value starting with '*', such as a glob, must be quoted: \"**/*.swift\"",
        "/p.yaml:3:4: error: YAML tags (!!str) are not supported in a manifest; quote the value instead",
        "/p.yaml:4:4: error: YAML tags (!local) are not supported in a manifest; quote the value instead",
      ])
  }

  @Test func aSecondDocumentIsAnError() {
    #expect(
      errors("a: 1\n---\nb: 2\n") == [
        "/p.yaml:2:1: error: a manifest holds a single YAML document, but a second one starts here"
      ])
    #expect(errors("---\na: 1\n...\n") == [])
  }

  @Test func nestingIsCapped() throws {
    let deepest =
      String(repeating: "[", count: YAMLReader.maximumDepth) + String(repeating: "]", count: YAMLReader.maximumDepth)
    #expect(try parse(deepest) != nil)
    #expect(
      errors(String(repeating: "[", count: 200_000)) == [
        "/p.yaml:1:65: error: lists and mappings are nested more than 64 levels deep"
      ])
    #expect(
      errors(String(repeating: "- ", count: 1000) + "x\n") == [
        "/p.yaml:1:129: error: lists and mappings are nested more than 64 levels deep"
      ])
  }

  @Test func hugeScalarsAndLongListsAreRead() throws {
    let big = String(repeating: "a", count: 4 << 20)
    let root = try #require(try parse("key: \(big)\n"))
    guard case .mapping(let entries) = root.content else {
      Issue.record("expected a mapping")
      return
    }
    #expect(entries.first?.value.scalar?.value.utf8.count == 4 << 20)

    let list = try #require(try parse("[" + Array(repeating: "x", count: 100_000).joined(separator: ",") + "]"))
    guard case .sequence(let items) = list.content else {
      Issue.record("expected a list")
      return
    }
    #expect(items.count == 100_000)
  }

  @Test func garbageNeverCrashesOrHangs() {
    var random = SeededRandom(seed: 42)
    for _ in 0..<300 {
      let count = Int.random(in: 0...2000, using: &random)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
      _ = errors(bytes: bytes)
      do {
        _ = try Manifest.decode(bytes: bytes, path: "/p.yaml")
        Issue.record("random bytes were accepted as a manifest: \(bytes)")
      } catch {
        #expect(!error.errors.isEmpty)
      }
    }
  }

  @Test func mutatedManifestsNeverCrash() throws {
    let valid = Array(ManifestLoadingTests.everyField.utf8)
    let alphabet = Array("-:[]{},'\"*&!|>#\n\t ?%@`".utf8) + [0, 0xC3, 0xFF]
    var random = SeededRandom(seed: 7)
    var rejected = 0
    for _ in 0..<1000 {
      var bytes = valid
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[index] = alphabet.randomElement(using: &random)!
        case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: index)
        default: bytes.removeSubrange(index...)
        }
        if bytes.isEmpty { break }
      }
      do {
        _ = try Manifest.decode(bytes: bytes, path: "/p.yaml")
      } catch {
        #expect(!error.errors.isEmpty)
        #expect(error.errors.allSatisfy { $0.location.map { $0.line >= 1 && $0.column >= 1 } ?? true })
        rejected += 1
      }
    }
    #expect(rejected > 100)  // the mutations do break manifests
  }
}
