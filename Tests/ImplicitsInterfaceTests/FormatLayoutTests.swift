import Testing
@testable import ImplicitsInterface

/// The bytes are what docs/interface-format.md says they are. A failure
/// here means the format changed: update the documentation and, unless the
/// change only adds sections, bump the major version.
@Suite("Format layout as documented")
struct FormatLayoutTests {
  /// The example of the documentation.
  static let example = InterfaceContent(
    moduleName: "Core",
    namedKeys: [NamedKeyDecl(name: "region", valueType: "String", visibility: .public)],
    types: [TypeDecl(qualifiedName: "Core.Feed", kind: .struct, visibility: .public, isFinal: true, conformances: ["Sendable"])],
    functions: [
      FunctionDecl(
        owner: "Core.Feed", baseName: "load", kind: .function, isStatic: false,
        parameters: [.init(label: nil), .init(label: "scope", isScope: true)], visibility: .public,
        requirements: [.type("Core.Network"), .named("Core.region")], file: "Sources/Core/Feed.swift",
        returnType: "Core.Page")
    ])
  static let exampleUpstream = [UpstreamRecord(moduleName: "Base", fingerprint: Fingerprint(bytes: Array(repeating: 0xAB, count: 32)))]
  static let exampleBytes = InterfaceWriter.encode(example, toolVersion: "0.1.0", upstream: exampleUpstream)

  /// The hex dump printed in the documentation, in full.
  static let documentedHex = """
    89 49 4d 50 49 46 0d 0a 04 00 00 00 cf 01 00 00 1e 6d 07 cb 0f 1a 4c 1d b5 32 ea be e9 a1 64 4c
    12 93 14 ea bd 4b 34 89 5a 34 72 04 79 d9 80 79 90 45 38 9f 1a f7 a4 6d 0a 00 00 00 00 00 00 00
    01 00 00 00 b8 00 00 00 89 00 00 00 02 00 00 00 41 01 00 00 0d 00 00 00 03 00 00 00 4e 01 00 00
    2a 00 00 00 04 00 00 00 78 01 00 00 04 00 00 00 05 00 00 00 7c 01 00 00 0e 00 00 00 06 00 00 00
    8a 01 00 00 04 00 00 00 07 00 00 00 8e 01 00 00 10 00 00 00 08 00 00 00 9e 01 00 00 07 00 00 00
    09 00 00 00 a5 01 00 00 18 00 00 00 0a 00 00 00 bd 01 00 00 12 00 00 00 0a 00 00 00 09 00 00 00
    15 00 00 00 1e 00 00 00 29 00 00 00 31 00 00 00 48 00 00 00 4e 00 00 00 52 00 00 00 58 00 00 00
    5d 00 00 00 43 6f 72 65 2e 46 65 65 64 43 6f 72 65 2e 4e 65 74 77 6f 72 6b 43 6f 72 65 2e 50 61
    67 65 43 6f 72 65 2e 72 65 67 69 6f 6e 53 65 6e 64 61 62 6c 65 53 6f 75 72 63 65 73 2f 43 6f 72
    65 2f 46 65 65 64 2e 73 77 69 66 74 53 74 72 69 6e 67 6c 6f 61 64 72 65 67 69 6f 6e 73 63 6f 70
    65 05 00 30 2e 31 2e 30 04 00 43 6f 72 65 01 00 00 00 04 00 42 61 73 65 ab ab ab ab ab ab ab ab
    ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab 00 00 00 00 01 00 00 00
    08 00 00 00 06 00 00 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00 00 00 00 00 07 00 00 00 00 00
    01 00 01 04 00 01 00 00 00 01 00 00 00 07 00 00 00 00 00 00 00 12 00 00 00 01 00 00 00 00 00 00
    02 00 00 00 0a 02 00 02 00 01 01 03 05 03 00
    """

  @Test("the documented example, byte for byte")
  func documentedExample() {
    let expected = Self.documentedHex.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { UInt8($0, radix: 16)! }
    #expect(expected.count == 463)
    #expect(Self.exampleBytes == expected, "\(Crafted.hex(Self.exampleBytes))")
  }

  static func u16(_ bytes: [UInt8], _ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
  static func u32(_ bytes: [UInt8], _ offset: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) } }
  static func u64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
    (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << UInt64(8 * $1) }
  }

  /// kind → bytes, read from the section table as documented.
  static func sections(_ bytes: [UInt8]) -> [(kind: Int, offset: Int, bytes: [UInt8])] {
    (0..<u32(bytes, 56)).map { index in
      let entry = 64 + 12 * index
      let offset = u32(bytes, entry + 4)
      return (u32(bytes, entry), offset, Array(bytes[offset..<(offset + u32(bytes, entry + 8))]))
    }
  }

  @Test("header and section table")
  func header() {
    let bytes = Crafted.file(Crafted.sections())
    #expect(Array(bytes[0..<8]) == [0x89, 0x49, 0x4D, 0x50, 0x49, 0x46, 0x0D, 0x0A])
    #expect(Self.u16(bytes, 8) == 4)
    #expect(Self.u16(bytes, 10) == 0)
    #expect(Self.u32(bytes, 12) == bytes.count)
    #expect(Self.u32(bytes, 60) == 0)
    let sections = Self.sections(bytes)
    #expect(sections.map(\.kind) == Array(1...10))
    var expectedOffset = 64 + 12 * sections.count
    for section in sections {
      #expect(section.offset == expectedOffset, "section \(section.kind)")
      expectedOffset += section.bytes.count
    }
    #expect(expectedOffset == bytes.count)
  }

  @Test("checksum: FNV-1a 64 over every byte but the checksum field")
  func checksum() {
    for bytes in [Self.exampleBytes, Crafted.file(Crafted.sections()), InterfaceWriter.encode(InterfaceContent(moduleName: "E"), upstream: [])] {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for (offset, byte) in bytes.enumerated() where !(16..<24).contains(offset) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
      #expect(Self.u64(bytes, 16) == hash)
    }
  }

  @Test("fingerprint: SHA-256 of the module name and the content sections")
  func fingerprint() {
    for (content, upstream) in [(Self.example, Self.exampleUpstream), (Crafted.content(), Crafted.upstream)] {
      let bytes = InterfaceWriter.encode(content, toolVersion: "anything", upstream: upstream)
      var hashed: [UInt8] = Crafted.u16(UInt16(content.moduleName.utf8.count)) + Array(content.moduleName.utf8)
      for section in Self.sections(bytes).sorted(by: { $0.kind < $1.kind }) where section.kind != 2 && section.kind != 3 {
        hashed += Crafted.u32(UInt32(section.kind)) + Crafted.u32(UInt32(section.bytes.count)) + section.bytes
      }
      let digest = SHA256.hash(hashed)
      #expect(Array(bytes[24..<56]) == digest)
      #expect(InterfaceWriter.fingerprint(of: content).bytes == digest)
    }
  }

  @Test("the string table: content strings only, unique, in byte order")
  func stringTable() {
    let strings = Self.sections(Self.exampleBytes).first { $0.kind == 1 }!.bytes
    let count = Self.u32(strings, 0)
    let data = Array(strings[(4 + 4 * count)...])
    var previousEnd = 0
    var decoded: [[UInt8]] = []
    for index in 0..<count {
      let end = Self.u32(strings, 4 + 4 * index)
      decoded.append(Array(data[previousEnd..<end]))
      previousEnd = end
    }
    #expect(previousEnd == data.count)
    #expect(
      decoded.map { String(decoding: $0, as: UTF8.self) } == [
        "Core.Feed", "Core.Network", "Core.Page", "Core.region", "Sendable", "Sources/Core/Feed.swift", "String", "load",
        "region", "scope",
      ])
    // Neither the tool version nor upstream names: they are not content.
    #expect(!decoded.contains(Array("0.1.0".utf8)))
    #expect(!decoded.contains(Array("Base".utf8)))
    #expect(!decoded.contains(Array("Core".utf8)))
  }

  @Test("varints: shortest LEB128, at most 2^32 - 1", arguments: [
    (0, [0x00]), (1, [0x01]), (127, [0x7F]), (128, [0x80, 0x01]), (300, [0xAC, 0x02]), (16383, [0xFF, 0x7F]),
    (16384, [0x80, 0x80, 0x01]), (Int(UInt32.max), [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
  ] as [(Int, [UInt8])])
  func varint(value: Int, encoding: [UInt8]) {
    var writer = ByteWriter()
    writer.varint(value)
    #expect(writer.bytes == encoding)
    var reader = ByteReader(encoding)
    #expect(reader.varint() == value)
    #expect(reader.isAtEnd)
  }

  @Test("non-canonical or oversized varints are refused", arguments: [
    [0x80, 0x00], [0xFF, 0x80, 0x00], [0x80], [0xFF, 0xFF, 0xFF, 0xFF, 0x1F], [0x80, 0x80, 0x80, 0x80, 0x80, 0x01], [],
  ] as [[UInt8]])
  func invalidVarint(encoding: [UInt8]) {
    var reader = ByteReader(encoding)
    #expect(reader.varint() == nil)
    #expect(reader.offset == 0, "a failed read does not move")
  }

  @Test("the bytes do not depend on the tool version's place: it is in the module section only")
  func toolVersionPlace() {
    let a = InterfaceWriter.encode(Self.example, toolVersion: "0.1.0", upstream: [])
    let b = InterfaceWriter.encode(Self.example, toolVersion: "10.20.30", upstream: [])
    #expect(b.count == a.count + 3)
    let moduleA = Self.sections(a).first { $0.kind == 2 }!.bytes
    let moduleB = Self.sections(b).first { $0.kind == 2 }!.bytes
    #expect(moduleA == Crafted.u16(5) + Array("0.1.0".utf8) + Crafted.u16(4) + Array("Core".utf8))
    #expect(moduleB == Crafted.u16(8) + Array("10.20.30".utf8) + Crafted.u16(4) + Array("Core".utf8))
    #expect(Array(a[24..<56]) == Array(b[24..<56]))
  }
}
