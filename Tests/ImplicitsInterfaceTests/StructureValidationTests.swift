import Testing
@testable import ImplicitsInterface

/// Files whose checksum is right but whose structure is not (a broken or
/// malicious writer): each is refused as corrupt, naming the failed check,
/// and nothing crashes.
@Suite("Structure checks behind a valid checksum")
struct StructureValidationTests {
  static let sections = Crafted.sections()

  static func expectStructure(_ bytes: [UInt8], mentioning words: [String], _ comment: String = "") {
    guard let detail = Crafted.corruption(bytes) else {
      Issue.record("accepted or refused otherwise (\(String(describing: Crafted.refusal(bytes)?.kind))): \(comment)")
      return
    }
    #expect(detail.hasPrefix("invalid structure: "), "\(detail)")
    for word in words { #expect(detail.contains(word), "\(comment): \(detail)") }
  }

  @Test("the crafted file is valid to begin with")
  func baseline() throws {
    let file = try InterfaceFile(bytes: Crafted.file(Self.sections), path: "x", expectedModule: "Core")
    #expect(file.decodeContent() == Crafted.content().normalized())
  }

  // MARK: String table (on an empty module, which refers to no string)

  static func emptyModuleWithStrings(_ strings: [UInt8]) -> [UInt8] {
    Crafted.file(Crafted.replacing(.strings, in: Crafted.sections(InterfaceContent(moduleName: "Core")), with: strings))
  }

  static func table(_ strings: [[UInt8]], ends: [UInt32]? = nil, trailing: [UInt8] = []) -> [UInt8] {
    var out = Crafted.u32(UInt32(strings.count))
    var end: UInt32 = 0
    for (index, string) in strings.enumerated() {
      end += UInt32(string.count)
      out += Crafted.u32(ends?[index] ?? end)
    }
    return out + strings.flatMap { $0 } + trailing
  }

  @Test("a valid hand-made string table is accepted")
  func validTable() {
    #expect(Crafted.refusal(Self.emptyModuleWithStrings(Self.table([[0x61], [0x62], [0xC3, 0xA9]]))) == nil)
  }

  @Test("string tables", arguments: [
    ("unsorted", table([[0x62], [0x61]]), "sorted"),
    ("duplicate", table([[0x61], [0x61]]), "unique"),
    ("overlong UTF-8", table([[0xC0, 0x80]]), "UTF-8"),
    ("a lone continuation byte", table([[0x80]]), "UTF-8"),
    ("a surrogate", table([[0xED, 0xA0, 0x80]]), "UTF-8"),
    ("above U+10FFFF", table([[0xF4, 0x90, 0x80, 0x80]]), "UTF-8"),
    ("cut in a character", table([[0x61, 0xC3]]), "UTF-8"),
    ("ends past the data", table([[0x61], [0x62]], ends: [1, 9]), "outside"),
    ("decreasing ends", table([[0x61], [0x62]], ends: [2, 1]), "outside"),
    ("bytes of no string", table([[0x61]], trailing: [0x62]), "no string"),
    ("a count larger than the section", Crafted.u32(0xFFFF_FFFF) + [0, 0, 0, 0], "room"),
    ("no count", [0, 0], "no count"),
  ] as [(String, [UInt8], String)])
  func strings(name: String, table: [UInt8], word: String) {
    Self.expectStructure(Self.emptyModuleWithStrings(table), mentioning: [word], name)
  }

  // MARK: Section table

  @Test("a duplicate section kind")
  func duplicateKind() {
    var sections = Self.sections
    sections.append((5, Crafted.bytes(of: .namedKeys, in: Self.sections)))
    Self.expectStructure(Crafted.file(sections), mentioning: ["twice"])
  }

  @Test("a missing section")
  func missingSection() {
    Self.expectStructure(Crafted.file(Self.sections.filter { $0.kind != 8 }), mentioning: ["missing"])
  }

  @Test("sections that do not tile the file")
  func gap() {
    var bytes = Crafted.file(Self.sections)
    // The second entry's offset, one byte further: a gap.
    let entry = InterfaceLayout.headerSize + InterfaceLayout.sectionEntrySize + 4
    bytes[entry] &+= 1
    Self.expectStructure(Self.reseal(bytes), mentioning: ["does not follow"])
  }

  @Test("a section count larger than the file")
  func sectionCount() {
    var bytes = Crafted.file(Self.sections)
    bytes.replaceSubrange(56..<60, with: Crafted.u32(0x1000_0000))
    Self.expectStructure(Self.reseal(bytes), mentioning: ["section table"])
  }

  @Test("a length field smaller than the header")
  func shortLength() {
    var bytes = Crafted.file(Self.sections)
    bytes.replaceSubrange(12..<16, with: Crafted.u32(10))
    Self.expectStructure(Self.reseal(bytes), mentioning: ["less than the header"])
  }

  static func reseal(_ bytes: [UInt8]) -> [UInt8] {
    var out = ByteWriter(bytes: bytes)
    out.patch64(at: InterfaceLayout.checksumOffset, InterfaceLayout.checksum(of: bytes))
    return out.bytes
  }

  // MARK: Module, upstream, re-exports

  @Test("module sections", arguments: [
    ("a length past the end", Crafted.u16(200) + Array("1.0".utf8)),
    ("invalid UTF-8", Crafted.u16(1) + [0xFF] + Crafted.u16(4) + Array("Core".utf8)),
    ("a trailing byte", Crafted.u16(1) + [0x31] + Crafted.u16(4) + Array("Core".utf8) + [0]),
    ("no module name", Crafted.u16(1) + [0x31]),
  ] as [(String, [UInt8])])
  func module(name: String, bytes: [UInt8]) {
    Self.expectStructure(Crafted.file(Crafted.replacing(.module, in: Self.sections, with: bytes)), mentioning: ["module section"], name)
  }

  @Test("upstream sections")
  func upstream() {
    func record(_ name: String, _ fill: UInt8) -> [UInt8] {
      Crafted.u16(UInt16(name.utf8.count)) + Array(name.utf8) + Array(repeating: fill, count: 32)
    }
    for (bytes, word) in [
      (Crafted.u32(2) + record("B", 1) + record("A", 1), "sorted"),
      (Crafted.u32(2) + record("A", 1) + record("A", 1), "unique"),
      (Crafted.u32(1000) + record("A", 1), "too many"),
      (Crafted.u32(1) + record("A", 1) + [0], "after"),
      (Crafted.u32(1) + Array(record("A", 1).dropLast()), "fingerprint"),
    ] {
      Self.expectStructure(Crafted.file(Crafted.replacing(.upstream, in: Self.sections, with: bytes)), mentioning: [word], word)
    }
  }

  @Test("re-exports")
  func reexports() {
    // The crafted content has strings 0...n-1; refer to them out of order.
    for (bytes, word) in [
      (Crafted.u32(2) + Crafted.u32(3) + Crafted.u32(1), "sorted"),
      (Crafted.u32(2) + Crafted.u32(1) + Crafted.u32(1), "unique"),
      (Crafted.u32(1) + Crafted.u32(9999), "refers to string"),
      (Crafted.u32(3) + Crafted.u32(1), "size"),
    ] {
      Self.expectStructure(Crafted.file(Crafted.replacing(.reexports, in: Self.sections, with: bytes)), mentioning: [word], word)
    }
  }

  // MARK: Named keys and typealiases

  @Test("named key and typealias entries")
  func keyedTables() {
    let keys = Crafted.bytes(of: .namedKeys, in: Self.sections)
    #expect(keys.count == 4 + 10)
    var badName = keys
    badName.replaceSubrange(4..<8, with: Crafted.u32(9999))
    var badType = keys
    badType.replaceSubrange(8..<12, with: Crafted.u32(9999))
    var badVisibility = keys
    badVisibility[12] = 7
    var badFlags = keys
    badFlags[13] = 2
    var tooMany = keys
    tooMany.replaceSubrange(0..<4, with: Crafted.u32(2))
    let unsorted = Crafted.u32(2) + Crafted.u32(5) + Crafted.u32(0) + [0, 0] + Crafted.u32(4) + Crafted.u32(0) + [0, 0]
    var storedAlias = keys
    storedAlias[13] = 1
    for (kind, bytes, word) in [
      (InterfaceLayout.Section.namedKeys, badName, "refers to string"), (.namedKeys, badType, "refers to string"),
      (.namedKeys, badVisibility, "visibility"), (.namedKeys, badFlags, "flags"), (.namedKeys, tooMany, "size"),
      (.namedKeys, unsorted, "not sorted"), (.typealiases, unsorted, "not sorted"), (.typealiases, badVisibility, "visibility"),
      (.typealiases, storedAlias, "flags"),
    ] {
      Self.expectStructure(Crafted.file(Crafted.replacing(kind, in: Self.sections, with: bytes)), mentioning: [word], "\(kind) \(word)")
    }
  }

  // MARK: Types

  /// A type index and records section for the given (name id, record) pairs.
  static func types(_ entries: [(name: UInt32, record: [UInt8])], lengths: [UInt32]? = nil) -> [InterfaceWriter.Section] {
    var index = Crafted.u32(UInt32(entries.count))
    var records: [UInt8] = []
    for (position, entry) in entries.enumerated() {
      index += Crafted.u32(entry.name) + Crafted.u32(UInt32(records.count))
        + Crafted.u32(lengths?[position] ?? UInt32(entry.record.count))
      records += entry.record
    }
    return Crafted.replacing(.typeRecords, in: Crafted.replacing(.typeIndex, in: sections, with: index), with: records)
  }

  @Test("a valid hand-made type record is accepted")
  func validType() throws {
    // struct, public, final, superclass string 0, conformances [1], properties [(2, 3, static, testable)]
    let file = try InterfaceFile(
      bytes: Crafted.file(Self.types([(0, [0, 0, 1, 1, 1, 1, 1, 2, 3, 1, 1])])), path: "x", expectedModule: "Core")
    let type = try #require(file.decodeContent().types.first)
    #expect(type.kind == .struct && type.isFinal && type.superclass != nil && type.conformances.count == 1)
    #expect(type.properties.first?.isStatic == true && type.properties.first?.visibility == .testable)
  }

  @Test("type records", arguments: [
    ("kind", [9, 0, 0, 0, 0, 0], "invalid kind"),
    ("visibility", [0, 2, 0, 0, 0, 0], "invalid visibility"),
    ("flags", [0, 0, 2, 0, 0, 0], "invalid value"),
    ("superclass out of range", [1, 0, 0, 0x7F, 0, 0], "refers to string"),
    ("a huge conformance count", [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0], "more than the record can hold"),
    ("an overlong varint", [0, 0, 0, 0x80, 0x00, 0, 0], "superclass"),
    ("a trailing byte", [0, 0, 0, 0, 0, 0, 0], "after its end"),
    ("cut short", [0, 0, 0, 0, 1], "conformance"),
    ("a property's visibility", [0, 0, 0, 0, 0, 1, 0, 0, 0, 5], "property visibility"),
  ] as [(String, [UInt8], String)])
  func typeRecord(name: String, record: [UInt8], word: String) {
    Self.expectStructure(Crafted.file(Self.types([(0, record)])), mentioning: [word], name)
  }

  @Test("type index entries")
  func typeIndex() {
    let record: [UInt8] = [0, 0, 0, 0, 0, 0]
    Self.expectStructure(Crafted.file(Self.types([(2, record), (1, record)])), mentioning: ["not sorted"])
    Self.expectStructure(Crafted.file(Self.types([(9999, record)])), mentioning: ["refers to string"])
    Self.expectStructure(Crafted.file(Self.types([(0, record)], lengths: [7])), mentioning: ["points outside"])
    Self.expectStructure(Crafted.file(Self.types([(0, record)], lengths: [5])), mentioning: ["no index entry covers"])
    // Equal names are allowed (adjacent records of one name).
    #expect(Crafted.refusal(Crafted.file(Self.types([(1, record), (1, record)]))) == nil)
  }

  // MARK: Functions

  static func functions(
    _ entries: [(owner: UInt32, baseName: UInt32, records: [[UInt8]])], counts: [UInt32]? = nil
  ) -> [InterfaceWriter.Section] {
    var index = Crafted.u32(UInt32(entries.count))
    var records: [UInt8] = []
    for (position, entry) in entries.enumerated() {
      let bytes = entry.records.flatMap { $0 }
      index += Crafted.u32(entry.owner) + Crafted.u32(entry.baseName) + Crafted.u32(UInt32(records.count))
        + Crafted.u32(UInt32(bytes.count)) + Crafted.u32(counts?[position] ?? UInt32(entry.records.count))
      records += bytes
    }
    return Crafted.replacing(.functionRecords, in: Crafted.replacing(.functionIndex, in: sections, with: index), with: records)
  }

  /// function, not static, public, 1 parameter (label string 0, scope, no type), 1 requirement (type, string 1),
  /// file string 2, no result type, no generic parameters.
  static let validFunction: [UInt8] = [0, 0, 0, 1, 1, 2, 0, 1, 0, 1, 2, 0, 0]

  @Test("a valid hand-made function record is accepted and found")
  func validFunction() throws {
    let file = try InterfaceFile(
      bytes: Crafted.file(Self.functions([(0, 3, [Self.validFunction, Self.validFunction]), (2, 3, [Self.validFunction])])),
      path: "x", expectedModule: "Core")
    let content = file.decodeContent()
    #expect(content.functions.count == 3)
    #expect(content.functions.filter { $0.owner == nil }.count == 2)
    let free = content.functions[0]
    #expect(file.functions(owner: nil, baseName: free.baseName).count == 2)
    #expect(file.functions(owner: nil).count == 2)
    let member = content.functions[2]
    #expect(member.owner != nil)
    #expect(file.functions(owner: member.owner, baseName: member.baseName) == [member])
  }

  @Test("function records", arguments: [
    ("kind", [3, 0, 0, 0, 0, 2], "invalid kind"),
    ("flags", [0, 8, 0, 0, 0, 2, 0], "invalid value"),
    ("visibility", [0, 0, 9, 0, 0, 2], "invalid visibility"),
    ("parameter flags", [0, 0, 0, 1, 0, 128, 0, 0, 2], "parameter flags"),
    ("label out of range", [0, 0, 0, 1, 0x7F, 0, 0, 0, 2], "label"),
    ("parameter type out of range", [0, 0, 0, 1, 0, 0, 0x7F, 0, 2], "parameter type"),
    ("requirement kind", [0, 0, 0, 0, 1, 2, 1, 2], "requirement kind"),
    ("requirement out of range", [0, 0, 0, 0, 1, 0, 0x7F, 2], "requirement"),
    ("a huge parameter count", [0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0, 2], "more than the record can hold"),
    ("no file", [0, 0, 0, 0, 0], "file"),
    ("no result type", [0, 0, 0, 0, 0, 2], "result type"),
    ("result type out of range", [0, 0, 0, 0, 0, 2, 0x7F], "result type"),
    ("no generic parameter count", [0, 0, 0, 0, 0, 2, 0], "generic parameters"),
    ("generic parameter out of range", [0, 0, 0, 0, 0, 2, 0, 1, 0x7F], "generic parameter"),
    ("a trailing byte", [0, 0, 0, 0, 0, 2, 0, 0, 0], "after its records"),
  ] as [(String, [UInt8], String)])
  func functionRecord(name: String, record: [UInt8], word: String) {
    Self.expectStructure(Crafted.file(Self.functions([(0, 3, [record])])), mentioning: [word], name)
  }

  @Test("function index entries")
  func functionIndex() {
    let record = Self.validFunction
    Self.expectStructure(Crafted.file(Self.functions([(1, 3, [record]), (0, 3, [record])])), mentioning: ["not sorted"])
    Self.expectStructure(Crafted.file(Self.functions([(0, 3, [record]), (0, 3, [record])])), mentioning: ["unique"])
    Self.expectStructure(Crafted.file(Self.functions([(0, 9999, [record])])), mentioning: ["refers to string"])
    Self.expectStructure(Crafted.file(Self.functions([(9999, 3, [record])])), mentioning: ["owner"])
    Self.expectStructure(Crafted.file(Self.functions([(0, 3, [record])], counts: [0])), mentioning: ["announces 0"])
    Self.expectStructure(Crafted.file(Self.functions([(0, 3, [record])], counts: [2])), mentioning: ["function record 1"])
    Self.expectStructure(Crafted.file(Self.functions([(0, 3, [record, record])], counts: [1])), mentioning: ["after its records"])
    Self.expectStructure(
      Crafted.file(Self.functions([(0, 3, [record])], counts: [0xFFFF_FFFF])), mentioning: ["announces 4294967295"])
  }

  // MARK: Exhaustive single-byte damage

  /// Every byte after the checksum, set to a few telling values, with the
  /// checksum recomputed: refused, or loaded consistently (lookups agree
  /// with the full decoding, and the decoded content writes a valid file).
  @Test("every single-byte change behind a valid checksum")
  func everyByte() throws {
    let original = Crafted.file(Self.sections)
    var accepted = 0
    for offset in InterfaceLayout.fingerprintOffset..<original.count {
      for value: UInt8 in [0x00, 0x01, 0x02, 0x7F, 0x80, 0xFF, original[offset] ^ 0x01] where value != original[offset] {
        var bytes = original
        bytes[offset] = value
        guard let file = try? InterfaceFile(bytes: Self.reseal(bytes), path: "x", expectedModule: nil) else { continue }
        accepted += 1
        let content = file.decodeContent()
        for function in content.functions {
          #expect(file.functions(owner: function.owner, baseName: function.baseName).contains(function), "offset \(offset)")
          #expect(file.functions(owner: function.owner).contains(function), "offset \(offset)")
        }
        for type in content.types { #expect(file.type(named: type.qualifiedName)?.qualifiedName == type.qualifiedName) }
        for key in content.namedKeys { #expect(file.namedKey(key.name)?.name == key.name) }
        for alias in content.typealiases { #expect(file.typealiasDecl(named: alias.qualifiedName) != nil) }
        _ = InterfaceDump.text(file)
        _ = InterfaceDump.json(file)
        let rewritten = try InterfaceFile(
          bytes: InterfaceWriter.encode(content, upstream: file.header.upstream), path: "y", expectedModule: nil)
        #expect(rewritten.decodeContent() == content.normalized(), "offset \(offset)")
      }
    }
    // Some changes (a visibility, a flag, the fingerprint) keep the file
    // valid: the loop did exercise the accepting path.
    #expect(accepted > 0)
  }
}
