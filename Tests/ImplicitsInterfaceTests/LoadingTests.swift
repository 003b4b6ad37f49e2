import Foundation
import ImplicitsFileSystem
import ImplicitsTestSupport
import Testing
@testable import ImplicitsInterface

/// What loading refuses, and how it says so.
@Suite("Loading checks")
struct LoadingTests {
  static let valid = Fixtures.encode(Fixtures.richContent())

  static func refusal(_ bytes: [UInt8], expectedModule: String? = "Catalog") -> InterfaceError? {
    do {
      _ = try Fixtures.load(bytes, expectedModule: expectedModule)
      return nil
    } catch {
      return error
    }
  }

  @Test("the valid file loads")
  func valid() throws {
    _ = try Fixtures.load(Self.valid)
    #expect(Self.valid.count > InterfaceLayout.headerSize)
  }

  @Test("every truncation is refused as truncated, foreign or corrupt")
  func truncations() {
    var accepted: [Int] = []
    var wrongKind: [Int: InterfaceError.Kind] = [:]
    for length in 0..<Self.valid.count {
      guard let error = Self.refusal(Array(Self.valid.prefix(length))) else {
        accepted.append(length)
        continue
      }
      switch error.kind {
      case .truncated(let actual, let expected):
        if actual != length || expected <= length { wrongKind[length] = error.kind }
      case .foreign, .corrupt: break
      default: wrongKind[length] = error.kind
      }
    }
    #expect(accepted.isEmpty, "prefixes accepted: \(accepted)")
    #expect(wrongKind.isEmpty, "\(wrongKind)")
    // Past the magic number, a prefix is reported as truncated, with the
    // size the header announces once the header is there.
    #expect(Self.refusal(Array(Self.valid.prefix(3)))?.kind == .truncated(actual: 3, expected: 64))
    #expect(Self.refusal(Array(Self.valid.prefix(40)))?.kind == .truncated(actual: 40, expected: 64))
    #expect(
      Self.refusal(Array(Self.valid.prefix(100)))?.kind == .truncated(actual: 100, expected: Self.valid.count))
    #expect(Self.refusal([])?.kind == .truncated(actual: 0, expected: 64))
  }

  @Test("bytes after the end are refused")
  func trailingBytes() {
    guard case .corrupt = Self.refusal(Self.valid + [0])?.kind else {
      Issue.record("a file with a trailing byte was not refused as corrupt")
      return
    }
  }

  /// Flipping any one bit anywhere must be noticed (the magic number, the
  /// version, the size, the checksum, or the checksum over the rest).
  @Test("every single-bit change is refused")
  func bitFlips() {
    var accepted: [String] = []
    for offset in 0..<Self.valid.count {
      for bit in 0..<8 {
        var bytes = Self.valid
        bytes[offset] ^= UInt8(1 << bit)
        if Self.refusal(bytes) == nil { accepted.append("offset \(offset) bit \(bit)") }
      }
    }
    #expect(accepted.isEmpty, "accepted after a bit flip: \(accepted)")
  }

  @Test("where a single changed byte is caught")
  func byteChangesByRegion() {
    func kind(at offset: Int) -> InterfaceError.Kind? {
      var bytes = Self.valid
      bytes[offset] ^= 0xFF
      return Self.refusal(bytes)?.kind
    }
    for offset in 0..<8 { #expect(kind(at: offset) == .foreign) }
    if case .incompatibleVersion = kind(at: 8) {} else { Issue.record("major version change: \(String(describing: kind(at: 8)))") }
    for offset in [10, 11, 16, 23, 24, 63, 64, Self.valid.count - 1] {
      guard case .corrupt(let detail) = kind(at: offset) else {
        Issue.record("offset \(offset): \(String(describing: kind(at: offset)))")
        continue
      }
      #expect(detail == "checksum mismatch", "offset \(offset)")
    }
  }

  /// Changes that keep the checksum right (a writer bug, or a malicious
  /// file) must be refused or read without crashing.
  @Test("structural damage with a valid checksum never crashes", arguments: 0..<8)
  func resealedDamage(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    for _ in 0..<400 {
      var bytes = Self.valid
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let offset = Int.random(in: InterfaceLayout.fingerprintOffset..<bytes.count, using: &random)
        bytes[offset] = UInt8.random(in: 0...255, using: &random)
      }
      guard let file = try? Fixtures.load(RawFile.resealed(bytes), expectedModule: nil) else { continue }
      let content = file.decodeContent()
      for type in content.types { _ = file.type(named: type.qualifiedName) }
      for function in content.functions { _ = file.functions(owner: function.owner, baseName: function.baseName) }
      for key in content.namedKeys { _ = file.namedKey(key.name) }
      for alias in content.typealiases { _ = file.typealiasDecl(named: alias.qualifiedName) }
      _ = InterfaceDump.text(file)
    }
  }

  @Test("structural checks behind the checksum")
  func structure() {
    var raw = RawFile(Self.valid)
    raw.sections.removeAll { $0.kind == InterfaceLayout.Section.functionIndex.rawValue }
    guard case .corrupt(let detail) = Self.refusal(raw.bytes())?.kind else {
      Issue.record("a file without its function index was accepted")
      return
    }
    #expect(detail.contains("missing"))

    var tooManyKeys = RawFile(Self.valid)
    let keys = tooManyKeys.sections.firstIndex { $0.kind == InterfaceLayout.Section.namedKeys.rawValue }!
    tooManyKeys.sections[keys].bytes.replaceSubrange(0..<4, with: [0xFF, 0xFF, 0xFF, 0x00])
    guard case .corrupt = Self.refusal(tooManyKeys.bytes())?.kind else {
      Issue.record("an index claiming more entries than it holds was accepted")
      return
    }

    // A section that points past the end of the file.
    var bytes = Self.valid
    bytes[InterfaceLayout.headerSize + 8] = 0xFF
    bytes[InterfaceLayout.headerSize + 9] = 0xFF
    guard case .corrupt = Self.refusal(RawFile.resealed(bytes))?.kind else {
      Issue.record("a section out of bounds was accepted")
      return
    }
  }

  @Test("a foreign file")
  func foreign() {
    #expect(Self.refusal(Array("PK\u{3}\u{4} this is a zip, or pretends to be one".utf8))?.kind == .foreign)
    #expect(Self.refusal(Array("{\"module\": \"Catalog\"}".utf8))?.kind == .foreign)
    #expect(Self.refusal([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(Self.valid.dropFirst(8)))?.kind == .foreign)
    #expect(Self.refusal(Array("x".utf8))?.kind == .foreign)
    // A newline conversion (\r\n → \n) breaks the magic number.
    var converted = Self.valid
    converted.remove(at: 6)
    #expect(Self.refusal(converted)?.kind == .foreign)
    let message = Self.refusal(Array("hello".utf8))?.description ?? ""
    #expect(message.contains("Catalog"))
    #expect(message.contains("/tmp/Catalog.implicitinterface"))
    #expect(message.contains("not an .implicitinterface file"))
  }

  static func withMajor(_ major: UInt16) -> [UInt8] {
    var raw = RawFile(valid)
    raw.major = major
    return raw.bytes()
  }

  @Test("a newer major version is refused, saying to upgrade")
  func newerMajor() throws {
    let error = try #require(Self.refusal(Self.withMajor(FormatVersion.current.major + 1)))
    let newer = FormatVersion(major: FormatVersion.current.major + 1, minor: 0)
    #expect(error.kind == .incompatibleVersion(found: newer, toolVersion: Fixtures.toolVersion))
    let message = error.description
    #expect(message.contains("'Catalog'"), "names the module: \(message)")
    #expect(message.contains("/tmp/Catalog.implicitinterface"), "names the file: \(message)")
    #expect(message.contains("\(newer)"), "names the file's version: \(message)")
    #expect(message.contains("\(FormatVersion.current.major).x"), "names the version read: \(message)")
    #expect(message.contains(Fixtures.toolVersion), "names the writer's tool version: \(message)")
    #expect(message.contains(ToolVersion.current), "names this tool's version: \(message)")
    #expect(message.contains("upgrade"), "says what to do: \(message)")
  }

  @Test("an older major version (1.x, before identities) is refused, saying to re-analyze", arguments: [0, 1] as [UInt16])
  func olderMajor(major: UInt16) throws {
    let error = try #require(Self.refusal(Self.withMajor(major)))
    #expect(error.kind == .incompatibleVersion(found: FormatVersion(major: major, minor: 0), toolVersion: Fixtures.toolVersion))
    let message = error.description
    #expect(message.contains("'Catalog'"))
    #expect(message.contains("/tmp/Catalog.implicitinterface"))
    #expect(message.contains("\(major).0"))
    #expect(message.contains("\(FormatVersion.current.major).x"))
    #expect(message.contains(Fixtures.toolVersion))
    #expect(message.contains("re-analyze 'Catalog'"), "\(message)")
  }

  @Test("an incompatible file loaded without an expected module still names its module")
  func incompatibleWithoutExpectedModule() throws {
    let error = try #require(Self.refusal(Self.withMajor(7), expectedModule: nil))
    #expect(error.module == "Catalog")
    #expect(error.description.contains("'Catalog'"), "\(error.description)")
    #expect(error.description.contains("7.0"))
  }

  @Test("a higher minor version is accepted, its unknown sections skipped")
  func higherMinor() throws {
    var raw = RawFile(Self.valid)
    raw.minor = 3
    raw.sections.insert((kind: 11, bytes: Array("added by format 2.3".utf8)), at: 4)
    raw.sections.append((kind: 0xFFFF, bytes: [1, 2, 3]))
    let file = try Fixtures.load(raw.bytes())
    #expect(file.header.formatVersion == FormatVersion(major: FormatVersion.current.major, minor: 3))
    #expect(file.decodeContent() == Fixtures.richContent().normalized())
    #expect(file.functions(owner: "Catalog.Feed", baseName: "load").count == 3)
    #expect(file.header.toolVersion == Fixtures.toolVersion)
  }

  @Test("sections in another order are read by kind, not position")
  func sectionOrder() throws {
    var raw = RawFile(Self.valid)
    raw.sections.reverse()
    let file = try Fixtures.load(raw.bytes())
    #expect(file.decodeContent() == Fixtures.richContent().normalized())
  }

  @Test("the wrong module")
  func wrongModule() throws {
    let error = try #require(Self.refusal(Self.valid, expectedModule: "Checkout"))
    #expect(error.kind == .wrongModule(declared: "Catalog"))
    #expect(error.description.contains("'Checkout'"))
    #expect(error.description.contains("'Catalog'"))
    // No expectation: any module is fine.
    #expect(Self.refusal(Self.valid, expectedModule: nil) == nil)
  }

  @Test("a missing path")
  func missing() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("Nope.implicitinterface").path
    do {
      _ = try InterfaceFile.load(path: path, expectedModule: "Nope")
      Issue.record("a missing file loaded")
    } catch {
      #expect(error.kind == .missing)
      #expect(error.path == path)
      #expect(error.description.contains("'Nope'"))
      #expect(error.description.contains("does not exist"))
    }
  }

  @Test("a directory")
  func directory() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      _ = try InterfaceFile.load(path: directory.path, expectedModule: "Catalog")
      Issue.record("a directory loaded")
    } catch {
      guard case .unreadable = error.kind else {
        Issue.record("a directory gave \(error.kind)")
        return
      }
      #expect(error.description.contains(directory.path))
    }
  }

  @Test("errors from disk carry the path")
  func diskErrors() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("Catalog.implicitinterface").path
    try AtomicFileWriter.write(Array(Self.valid.prefix(200)), to: path)
    do {
      _ = try InterfaceFile.load(path: path, expectedModule: "Catalog")
      Issue.record("a truncated file loaded")
    } catch {
      #expect(error.kind == .truncated(actual: 200, expected: Self.valid.count))
      #expect(error.description.contains(path))
      #expect(error.description.contains("re-analyze 'Catalog'"))
    }
  }
}
