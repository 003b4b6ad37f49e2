/// Encodes interface content into the `.implicitinterface` binary format
/// (docs/interface-format.md).
///
/// Equal content gives equal bytes: the content is normalized first (every
/// list in its canonical order, exact duplicates dropped), strings are
/// stored once in byte order, and nothing depends on time, place or the
/// order of the input.
public enum InterfaceWriter {
  /// The bytes of a file describing `content`, written by the tool of
  /// version `toolVersion`, analyzed against the `upstream` interfaces.
  public static func encode(
    _ content: InterfaceContent, toolVersion: String = ToolVersion.current, upstream: [UpstreamRecord]
  ) -> [UInt8] {
    encoded(content, toolVersion: toolVersion, upstream: upstream).bytes
  }

  /// A file's bytes together with the fingerprint its header holds, and
  /// the content in the order the file stores it (`normalized()`).
  public struct Encoded: Sendable {
    public var bytes: [UInt8]
    public var fingerprint: Fingerprint
    public var content: InterfaceContent
  }

  /// `encode`, returning the fingerprint too, so that a caller that needs
  /// both encodes the content once.
  public static func encoded(
    _ content: InterfaceContent, toolVersion: String = ToolVersion.current, upstream: [UpstreamRecord]
  ) -> Encoded {
    let content = content.normalized()
    let moduleName = inlineBytes(content.moduleName)
    var sections = ContentEncoder(content).sections
    sections.append((InterfaceLayout.Section.module.rawValue, moduleSection(toolVersion: toolVersion, moduleName: moduleName)))
    sections.append((InterfaceLayout.Section.upstream.rawValue, upstreamSection(upstream)))
    sections.sort { $0.kind < $1.kind }
    let fingerprint = fingerprint(moduleName: moduleName, sections: sections)
    return Encoded(
      bytes: assemble(version: FormatVersion.current, fingerprint: fingerprint, sections: sections), fingerprint: fingerprint,
      content: content)
  }

  /// The fingerprint of what downstream modules observe: SHA-256 of the
  /// module name and of the content sections of the file that `encode`
  /// writes. The tool version and the upstream records are left out, so a
  /// module whose observable content did not change keeps its fingerprint
  /// and its dependents need not be analyzed again.
  public static func fingerprint(of content: InterfaceContent) -> Fingerprint {
    let content = content.normalized()
    return fingerprint(moduleName: inlineBytes(content.moduleName), sections: ContentEncoder(content).sections)
  }

  // MARK: Pieces, also used by tests to build unusual files

  typealias Section = (kind: UInt32, bytes: [UInt8])

  /// SHA-256 over: the module name (u16 length, UTF-8), then, for every
  /// fingerprinted section by increasing kind, its kind (u32), its length
  /// (u32) and its bytes.
  static func fingerprint(moduleName: [UInt8], sections: [Section]) -> Fingerprint {
    let sections = sections.sorted { $0.kind < $1.kind }
    var hasher = SHA256()
    var prefix = ByteWriter()
    prefix.u16(UInt16(moduleName.count))
    prefix.append(moduleName)
    hasher.update(prefix.bytes)
    for section in sections where InterfaceLayout.Section.isFingerprinted(kind: section.kind) {
      var frame = ByteWriter()
      frame.u32(section.kind)
      frame.u32(section.bytes.count)
      hasher.update(frame.bytes)
      hasher.update(section.bytes)
    }
    return Fingerprint(bytes: hasher.finalize())
  }

  /// Header, section table and sections (in the order given), with the
  /// length and checksum fields filled in.
  static func assemble(version: FormatVersion, fingerprint: Fingerprint, sections: [Section]) -> [UInt8] {
    var file = ByteWriter()
    let tableEnd = InterfaceLayout.headerSize + sections.count * InterfaceLayout.sectionEntrySize
    file.bytes.reserveCapacity(tableEnd + sections.reduce(0) { $0 + $1.bytes.count })
    file.append(InterfaceLayout.magic)
    file.u16(version.major)
    file.u16(version.minor)
    file.u32(0)  // file length, patched below
    file.u64(0)  // checksum, patched below
    file.append(fingerprint.bytes)
    file.u32(sections.count)
    file.u32(0)  // reserved
    var offset = tableEnd
    for section in sections {
      file.u32(section.kind)
      file.u32(offset)
      file.u32(section.bytes.count)
      offset += section.bytes.count
    }
    for section in sections { file.append(section.bytes) }
    file.patch32(at: InterfaceLayout.lengthOffset, UInt32(file.count))
    file.patch64(at: InterfaceLayout.checksumOffset, InterfaceLayout.checksum(of: file.bytes))
    return file.bytes
  }

  /// Tool version, then module name, each a u16 length and UTF-8 bytes.
  static func moduleSection(toolVersion: String, moduleName: [UInt8]) -> [UInt8] {
    var out = ByteWriter()
    out.inline(inlineBytes(toolVersion))
    out.inline(moduleName)
    return out.bytes
  }

  /// A count (u32), then per record, in byte order of the names: the name
  /// (u16 length, UTF-8) and the 32 bytes of the fingerprint.
  static func upstreamSection(_ upstream: [UpstreamRecord]) -> [UInt8] {
    let records = CanonicalOrder.sortedUnique(
      upstream.map { UpstreamRecord(moduleName: inlineString($0.moduleName), fingerprint: $0.fingerprint) },
      key: CanonicalOrder.key)
    var out = ByteWriter()
    out.u32(records.count)
    for record in records {
      out.inline(Array(record.moduleName.utf8))
      out.append(record.fingerprint.bytes)
    }
    return out.bytes
  }

  /// The UTF-8 bytes of `string`, cut at a character boundary if they do not
  /// fit an inline string (64 KiB; no real module name or version is near).
  static func inlineBytes(_ string: String) -> [UInt8] {
    Array(inlineString(string).utf8)
  }

  static func inlineString(_ string: String) -> String {
    guard string.utf8.count > InterfaceLayout.inlineStringMaximum else { return string }
    var result = ""
    var length = 0
    for scalar in string.unicodeScalars {
      length += UTF8.width(scalar)
      if length > InterfaceLayout.inlineStringMaximum { break }
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}

extension ByteWriter {
  /// A u16 length and the bytes.
  mutating func inline(_ utf8: [UInt8]) {
    u16(UInt16(utf8.count))
    append(utf8)
  }
}

/// Encodes the content sections (every section but module and upstream) of
/// normalized content.
struct ContentEncoder {
  private(set) var sections: [InterfaceWriter.Section] = []
  private var ids: [Utf8Key: Int] = [:]

  init(_ content: InterfaceContent) {
    buildStringTable(content)
    encodeReexports(content.reexports)
    encodeNamedKeys(content.namedKeys)
    encodeTypealiases(content.typealiases)
    encodeTypes(content.types)
    encodeFunctions(content.functions)
    sections.sort { $0.kind < $1.kind }
  }

  // MARK: Strings

  /// Every string the content sections refer to, once, in byte order; a
  /// string's id is its position.
  private mutating func buildStringTable(_ content: InterfaceContent) {
    var all: [String] = content.reexports
    for key in content.namedKeys { all += [key.name, key.valueType] }
    for alias in content.typealiases { all += [alias.qualifiedName, alias.target] }
    for type in content.types {
      all.append(type.qualifiedName)
      if let superclass = type.superclass { all.append(superclass) }
      all += type.conformances
      for property in type.properties { all += [property.name, property.type] }
    }
    for function in content.functions {
      all += [function.baseName, function.file]
      if let owner = function.owner { all.append(owner) }
      if let returnType = function.returnType { all.append(returnType) }
      for parameter in function.parameters {
        if let label = parameter.label { all.append(label) }
        if let type = parameter.type { all.append(type) }
      }
      all += function.genericParameters
      for key in function.requirements { all.append(key.spelling) }
    }
    let unique = Set(all.map(Utf8Key.init)).sorted { CanonicalOrder.compare($0.string, $1.string) < 0 }
    var out = ByteWriter()
    out.u32(unique.count)
    var end = 0
    for (id, key) in unique.enumerated() {
      ids[key] = id
      end += key.string.utf8.count
      out.u32(end)
    }
    for key in unique { out.append(key.string.utf8) }
    sections.append((InterfaceLayout.Section.strings.rawValue, out.bytes))
  }

  private func id(_ string: String) -> Int {
    guard let id = ids[Utf8Key(string)] else { preconditionFailure("string '\(string)' missing from the table") }
    return id
  }

  /// A string reference inside a record: the id as a varint.
  private func string(_ value: String, into out: inout ByteWriter) {
    out.varint(id(value))
  }

  /// An optional string reference: 0 when absent, id + 1 otherwise.
  private func optionalString(_ value: String?, into out: inout ByteWriter) {
    out.varint(value.map { id($0) + 1 } ?? 0)
  }

  // MARK: Sections

  private mutating func encodeReexports(_ names: [String]) {
    var out = ByteWriter()
    out.u32(names.count)
    for name in names { out.u32(id(name)) }
    sections.append((InterfaceLayout.Section.reexports.rawValue, out.bytes))
  }

  private mutating func encodeNamedKeys(_ keys: [NamedKeyDecl]) {
    encodeKeyedTable(keys.map { ($0.name, $0.valueType, $0.visibility, $0.flags) }, as: .namedKeys)
  }

  private mutating func encodeTypealiases(_ aliases: [TypealiasDecl]) {
    encodeKeyedTable(aliases.map { ($0.qualifiedName, $0.target, $0.visibility, 0) }, as: .typealiases)
  }

  /// Named keys and typealiases: a count, then per entry the name (u32),
  /// the other string (u32), the visibility (u8) and flags (u8).
  private mutating func encodeKeyedTable(
    _ entries: [(name: String, other: String, visibility: Visibility, flags: UInt8)], as section: InterfaceLayout.Section
  ) {
    var out = ByteWriter()
    out.u32(entries.count)
    for entry in entries {
      out.u32(id(entry.name))
      out.u32(id(entry.other))
      out.u8(entry.visibility.rawValue)
      out.u8(entry.flags)
    }
    sections.append((section.rawValue, out.bytes))
  }

  private mutating func encodeTypes(_ types: [TypeDecl]) {
    var index = ByteWriter()
    var records = ByteWriter()
    index.u32(types.count)
    for type in types {
      let start = records.count
      records.u8(type.kind.rawValue)
      records.u8(type.visibility.rawValue)
      records.u8(type.isFinal ? 1 : 0)
      optionalString(type.superclass, into: &records)
      records.varint(type.conformances.count)
      for conformance in type.conformances { string(conformance, into: &records) }
      records.varint(type.properties.count)
      for property in type.properties {
        string(property.name, into: &records)
        string(property.type, into: &records)
        records.u8(property.isStatic ? 1 : 0)
        records.u8(property.visibility.rawValue)
      }
      index.u32(id(type.qualifiedName))
      index.u32(start)
      index.u32(records.count - start)
    }
    sections.append((InterfaceLayout.Section.typeIndex.rawValue, index.bytes))
    sections.append((InterfaceLayout.Section.typeRecords.rawValue, records.bytes))
  }

  /// One index entry per owner and base name; the overloads that share
  /// them are consecutive records (normalized content lists them
  /// adjacently).
  private mutating func encodeFunctions(_ functions: [FunctionDecl]) {
    var groups: [ArraySlice<FunctionDecl>] = []
    var start = 0
    while start < functions.count {
      var end = start + 1
      while end < functions.count, CanonicalOrder.compare(functions[start].owner, functions[end].owner) == 0,
        CanonicalOrder.compare(functions[start].baseName, functions[end].baseName) == 0
      {
        end += 1
      }
      groups.append(functions[start..<end])
      start = end
    }
    var index = ByteWriter()
    var records = ByteWriter()
    index.u32(groups.count)
    for group in groups {
      let start = records.count
      for function in group {
        records.u8(function.kind.rawValue)
        records.u8(function.flags)
        records.u8(function.visibility.rawValue)
        records.varint(function.parameters.count)
        for parameter in function.parameters {
          optionalString(parameter.label, into: &records)
          records.u8(parameter.flags)
          optionalString(parameter.type, into: &records)
        }
        records.varint(function.requirements.count)
        for key in function.requirements {
          records.u8(key.kind.rawValue)
          string(key.spelling, into: &records)
        }
        string(function.file, into: &records)
        optionalString(function.returnType, into: &records)
        records.varint(function.genericParameters.count)
        for name in function.genericParameters { string(name, into: &records) }
      }
      let first = group[group.startIndex]
      index.u32(first.owner.map { id($0) + 1 } ?? 0)
      index.u32(id(first.baseName))
      index.u32(start)
      index.u32(records.count - start)
      index.u32(group.count)
    }
    sections.append((InterfaceLayout.Section.functionIndex.rawValue, index.bytes))
    sections.append((InterfaceLayout.Section.functionRecords.rawValue, records.bytes))
  }
}

/// A string as a dictionary key by its UTF-8 bytes: two spellings Swift
/// calls equal (a precomposed and a decomposed "é") are two keys, as they
/// are two strings of the table, and no byte array is made to tell.
struct Utf8Key: Hashable {
  let string: String

  init(_ string: String) { self.string = string }

  static func == (lhs: Utf8Key, rhs: Utf8Key) -> Bool { lhs.string.utf8.elementsEqual(rhs.string.utf8) }

  func hash(into hasher: inout Hasher) {
    var string = string
    string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
