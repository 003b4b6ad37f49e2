import Foundation

/// A `.implicitinterface` file, checked when loaded and read lazily.
///
/// Loading verifies the magic number, the format version, the size, the
/// checksum of every byte, the section table and every index entry, and
/// that the file declares the expected module. Records (types, functions)
/// are decoded only when looked up, through sorted indexes, so a module
/// handed many interfaces pays for the symbols it looks up, not for the
/// files' sizes.
public final class InterfaceFile: @unchecked Sendable {
  public let path: String
  public let header: InterfaceHeader
  public let reexports: [String]
  private let bytes: [UInt8]
  private let sections: [InterfaceLayout.Section: Range<Int>]
  private let lock = NSLock()
  private var typeCache: [String: TypeDecl?] = [:]
  private var functionCache: [String: [FunctionDecl]] = [:]

  public var moduleName: String { header.moduleName }
  public var fingerprint: Fingerprint { header.fingerprint }

  /// Reads and checks the file at `path`.
  public static func load(path: String, expectedModule: String?) throws(InterfaceError) -> InterfaceFile {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InterfaceError(kind: .missing, path: path, module: expectedModule)
    }
    guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
      throw InterfaceError(
        kind: .unreadable(reason: isDirectory.boolValue ? "it is a directory" : "permission denied or I/O error"),
        path: path, module: expectedModule)
    }
    return try InterfaceFile(bytes: [UInt8](data), path: path, expectedModule: expectedModule)
  }

  public init(bytes: [UInt8], path: String, expectedModule: String?) throws(InterfaceError) {
    func fail(_ kind: InterfaceError.Kind, module: String? = expectedModule) -> InterfaceError {
      InterfaceError(kind: kind, path: path, module: module)
    }
    guard bytes.count >= InterfaceLayout.magic.count, Array(bytes[0..<8]) == InterfaceLayout.magic else {
      if bytes.count < InterfaceLayout.magic.count, InterfaceLayout.magic.starts(with: bytes) {
        throw fail(.truncated(actual: bytes.count, expected: InterfaceLayout.headerSize))
      }
      throw fail(.foreign)
    }
    guard bytes.count >= 12 else { throw fail(.truncated(actual: bytes.count, expected: InterfaceLayout.headerSize)) }
    var reader = ByteReader(bytes, offset: 8)
    let version = FormatVersion(major: reader.u16()!, minor: reader.u16()!)
    guard version.major == FormatVersion.current.major else {
      throw fail(.incompatibleVersion(found: version, toolVersion: Self.bestEffortToolVersion(bytes)))
    }
    guard bytes.count >= InterfaceLayout.headerSize else {
      throw fail(.truncated(actual: bytes.count, expected: InterfaceLayout.headerSize))
    }
    let size = Int(reader.u32()!)
    guard bytes.count >= size else { throw fail(.truncated(actual: bytes.count, expected: size)) }
    guard bytes.count == size else { throw fail(.corrupt(detail: "\(bytes.count - size) bytes after its end")) }
    let checksum = reader.u64()!
    guard checksum == FNV1a.hash(bytes[(InterfaceLayout.checksumOffset + 8)...]) else {
      throw fail(.corrupt(detail: "checksum mismatch"))
    }
    let fingerprint = Fingerprint(bytes: reader.raw(32)!)
    let sectionCount = Int(reader.u32()!)
    _ = reader.u32()
    guard sectionCount <= 1024,
      InterfaceLayout.headerSize + sectionCount * InterfaceLayout.sectionEntrySize <= size
    else { throw fail(.corrupt(detail: "section table out of bounds")) }

    var sections: [InterfaceLayout.Section: Range<Int>] = [:]
    for _ in 0..<sectionCount {
      let kind = reader.u32()!
      let offset = Int(reader.u32()!)
      let length = Int(reader.u32()!)
      guard offset >= InterfaceLayout.headerSize, length >= 0, offset + length <= size else {
        throw fail(.corrupt(detail: "section \(kind) out of bounds"))
      }
      // Sections of kinds this version does not know come from a newer
      // minor version: they are skipped.
      if let known = InterfaceLayout.Section(rawValue: kind) { sections[known] = offset..<(offset + length) }
    }
    for required in InterfaceLayout.Section.allCases where sections[required] == nil {
      throw fail(.corrupt(detail: "section \(required.rawValue) is missing"))
    }
    self.bytes = bytes
    self.sections = sections
    self.path = path

    // Strings are checked on use; here the fixed parts.
    guard let strings = sections[.strings] else { throw fail(.corrupt(detail: "no strings")) }
    let table = Strings(bytes: bytes, range: strings)
    var module = ByteReader(bytes, offset: sections[.module]!.lowerBound, end: sections[.module]!.upperBound)
    guard let moduleName = table.read(&module), let toolVersion = table.read(&module) else {
      throw fail(.corrupt(detail: "module section"))
    }
    if let expectedModule, expectedModule != moduleName {
      throw fail(.wrongModule(declared: moduleName))
    }
    var upstreamReader = ByteReader(bytes, offset: sections[.upstream]!.lowerBound, end: sections[.upstream]!.upperBound)
    guard let upstreamCount = upstreamReader.u32(),
      Int(upstreamCount) * InterfaceLayout.upstreamEntrySize <= upstreamReader.remaining
    else { throw fail(.corrupt(detail: "upstream section"), module: moduleName) }
    var upstream: [UpstreamRecord] = []
    for _ in 0..<upstreamCount {
      guard let name = table.read(&upstreamReader), let digest = upstreamReader.raw(32) else {
        throw fail(.corrupt(detail: "upstream section"), module: moduleName)
      }
      upstream.append(UpstreamRecord(moduleName: name, fingerprint: Fingerprint(bytes: digest)))
    }
    header = InterfaceHeader(
      formatVersion: version, toolVersion: toolVersion, moduleName: moduleName, fingerprint: fingerprint,
      upstream: upstream)
    var reexportReader = ByteReader(bytes, offset: sections[.reexports]!.lowerBound, end: sections[.reexports]!.upperBound)
    guard let reexportCount = reexportReader.u32(), Int(reexportCount) * 8 <= reexportReader.remaining else {
      throw fail(.corrupt(detail: "re-exports section"), module: moduleName)
    }
    var names: [String] = []
    for _ in 0..<reexportCount {
      guard let name = table.read(&reexportReader) else { throw fail(.corrupt(detail: "re-exports section"), module: moduleName) }
      names.append(name)
    }
    reexports = names
    for (section, entrySize) in [
      (InterfaceLayout.Section.namedKeys, InterfaceLayout.namedKeyEntrySize), (.typealiases, InterfaceLayout.typealiasEntrySize),
      (.typeIndex, InterfaceLayout.typeIndexEntrySize), (.functionIndex, InterfaceLayout.functionIndexEntrySize),
    ] {
      var indexReader = ByteReader(bytes, offset: sections[section]!.lowerBound, end: sections[section]!.upperBound)
      guard let count = indexReader.u32(), Int(count) * entrySize <= indexReader.remaining else {
        throw fail(.corrupt(detail: "index \(section.rawValue) out of bounds"), module: moduleName)
      }
    }
  }

  /// The tool version of a file of another major version, if its module
  /// section can be found the way version 1 lays it out.
  private static func bestEffortToolVersion(_ bytes: [UInt8]) -> String? {
    var reader = ByteReader(bytes, offset: 56)
    guard let count = reader.u32(), count < 64 else { return nil }
    _ = reader.u32()
    var strings: Range<Int>?
    var module: Range<Int>?
    for _ in 0..<count {
      guard let kind = reader.u32(), let offset = reader.u32(), let length = reader.u32() else { return nil }
      let range = Int(offset)..<(Int(offset) + Int(length))
      guard range.upperBound <= bytes.count else { return nil }
      if kind == 1 { strings = range }
      if kind == 2 { module = range }
    }
    guard let strings, let module else { return nil }
    var moduleReader = ByteReader(bytes, offset: module.lowerBound, end: module.upperBound)
    let table = Strings(bytes: bytes, range: strings)
    _ = table.read(&moduleReader)
    return table.read(&moduleReader)
  }

  // MARK: Lookups

  private var strings: Strings { Strings(bytes: bytes, range: sections[.strings]!) }

  /// Binary search of a sorted index; returns the entry's reader positioned
  /// after its key.
  private func find(_ key: String, in section: InterfaceLayout.Section, entrySize: Int) -> ByteReader? {
    let range = sections[section]!
    var header = ByteReader(bytes, offset: range.lowerBound, end: range.upperBound)
    guard let count = header.u32() else { return nil }
    let base = range.lowerBound + 4
    let wanted = Array(key.utf8)
    var low = 0
    var high = Int(count)
    while low < high {
      let middle = (low + high) / 2
      var entry = ByteReader(bytes, offset: base + middle * entrySize, end: range.upperBound)
      guard let found = strings.readBytes(&entry) else { return nil }
      if found.elementsEqual(wanted) { return entry }
      if found.lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  public func namedKey(_ name: String) -> NamedKeyDecl? {
    guard var entry = find(name, in: .namedKeys, entrySize: InterfaceLayout.namedKeyEntrySize),
      let valueType = strings.read(&entry), let raw = entry.u8(), let visibility = Visibility(rawValue: raw)
    else { return nil }
    return NamedKeyDecl(name: name, valueType: valueType, visibility: visibility)
  }

  public func typealiasDecl(named name: String) -> TypealiasDecl? {
    guard var entry = find(name, in: .typealiases, entrySize: InterfaceLayout.typealiasEntrySize),
      let target = strings.read(&entry), let raw = entry.u8(), let visibility = Visibility(rawValue: raw)
    else { return nil }
    return TypealiasDecl(qualifiedName: name, target: target, visibility: visibility)
  }

  public func type(named name: String) -> TypeDecl? {
    lock.lock()
    defer { lock.unlock() }
    if let cached = typeCache[name] { return cached }
    var result: TypeDecl?
    if var entry = find(name, in: .typeIndex, entrySize: InterfaceLayout.typeIndexEntrySize),
      let offset = entry.u32(), let length = entry.u32()
    {
      let records = sections[.typeRecords]!
      let start = records.lowerBound + Int(offset)
      if start + Int(length) <= records.upperBound {
        var reader = ByteReader(bytes, offset: start, end: start + Int(length))
        result = decodeType(&reader)
      }
    }
    typeCache[name] = result
    return result
  }

  public func functions(owner: String?, baseName: String) -> [FunctionDecl] {
    let key = (owner ?? "") + "\n" + baseName
    lock.lock()
    defer { lock.unlock() }
    if let cached = functionCache[key] { return cached }
    var result: [FunctionDecl] = []
    if var entry = find(key, in: .functionIndex, entrySize: InterfaceLayout.functionIndexEntrySize),
      let offset = entry.u32(), let count = entry.u32()
    {
      result = decodeFunctions(at: Int(offset), count: Int(count))
    }
    functionCache[key] = result
    return result
  }

  private func decodeFunctions(at offset: Int, count: Int) -> [FunctionDecl] {
    let records = sections[.functionRecords]!
    var reader = ByteReader(bytes, offset: records.lowerBound + offset, end: records.upperBound)
    var result: [FunctionDecl] = []
    for _ in 0..<count {
      guard let length = reader.u32(), Int(length) <= reader.remaining else { return result }
      var record = ByteReader(bytes, offset: reader.offset, end: reader.offset + Int(length))
      reader.offset += Int(length)
      if let function = decodeFunction(&record) { result.append(function) }
    }
    return result
  }

  // MARK: Records

  private func decodeType(_ reader: inout ByteReader) -> TypeDecl? {
    guard let name = strings.read(&reader), let rawKind = reader.u8(), let kind = TypeDecl.Kind(rawValue: rawKind),
      let rawVisibility = reader.u8(), let visibility = Visibility(rawValue: rawVisibility),
      let isFinal = reader.bool(), let hasSuperclass = reader.bool()
    else { return nil }
    var superclass: String?
    if hasSuperclass {
      guard let value = strings.read(&reader) else { return nil }
      superclass = value
    }
    guard let conformanceCount = reader.u32(), Int(conformanceCount) * 8 <= reader.remaining else { return nil }
    var conformances: [String] = []
    for _ in 0..<conformanceCount {
      guard let conformance = strings.read(&reader) else { return nil }
      conformances.append(conformance)
    }
    guard let propertyCount = reader.u32(), Int(propertyCount) * 18 <= reader.remaining else { return nil }
    var properties: [PropertyDecl] = []
    for _ in 0..<propertyCount {
      guard let propertyName = strings.read(&reader), let type = strings.read(&reader), let isStatic = reader.bool(),
        let raw = reader.u8(), let propertyVisibility = Visibility(rawValue: raw)
      else { return nil }
      properties.append(PropertyDecl(name: propertyName, type: type, isStatic: isStatic, visibility: propertyVisibility))
    }
    return TypeDecl(
      qualifiedName: name, kind: kind, visibility: visibility, isFinal: isFinal, superclass: superclass,
      conformances: conformances, properties: properties)
  }

  private func decodeFunction(_ reader: inout ByteReader) -> FunctionDecl? {
    guard let hasOwner = reader.bool() else { return nil }
    var owner: String?
    if hasOwner {
      guard let value = strings.read(&reader) else { return nil }
      owner = value
    }
    guard let baseName = strings.read(&reader), let rawKind = reader.u8(), let kind = FunctionDecl.Kind(rawValue: rawKind),
      let isStatic = reader.bool(), let rawVisibility = reader.u8(), let visibility = Visibility(rawValue: rawVisibility),
      let parameterCount = reader.u32(), Int(parameterCount) * 3 <= reader.remaining
    else { return nil }
    var parameters: [FunctionDecl.Parameter] = []
    for _ in 0..<parameterCount {
      guard let hasLabel = reader.bool() else { return nil }
      var label: String?
      if hasLabel {
        guard let value = strings.read(&reader) else { return nil }
        label = value
      }
      guard let hasDefault = reader.bool(), let isScope = reader.bool() else { return nil }
      parameters.append(FunctionDecl.Parameter(label: label, hasDefault: hasDefault, isScope: isScope))
    }
    guard let requirementCount = reader.u32(), Int(requirementCount) * 9 <= reader.remaining else { return nil }
    var requirements: [ImplicitKeyRef] = []
    for _ in 0..<requirementCount {
      guard let rawKey = reader.u8(), let keyKind = ImplicitKeyRef.Kind(rawValue: rawKey), let spelling = strings.read(&reader)
      else { return nil }
      requirements.append(ImplicitKeyRef(kind: keyKind, spelling: spelling))
    }
    guard let file = strings.read(&reader) else { return nil }
    return FunctionDecl(
      owner: owner, baseName: baseName, kind: kind, isStatic: isStatic, parameters: parameters, visibility: visibility,
      requirements: requirements, file: file)
  }

  // MARK: Everything

  /// Every record of the file, for dump and diff.
  public func decodeContent() -> InterfaceContent {
    var content = InterfaceContent(moduleName: moduleName, reexports: reexports)
    var keys = ByteReader(bytes, offset: sections[.namedKeys]!.lowerBound, end: sections[.namedKeys]!.upperBound)
    for _ in 0..<(keys.u32() ?? 0) {
      guard let name = strings.read(&keys), let valueType = strings.read(&keys), let raw = keys.u8(),
        let visibility = Visibility(rawValue: raw), keys.raw(3) != nil
      else { break }
      content.namedKeys.append(NamedKeyDecl(name: name, valueType: valueType, visibility: visibility))
    }
    var aliases = ByteReader(bytes, offset: sections[.typealiases]!.lowerBound, end: sections[.typealiases]!.upperBound)
    for _ in 0..<(aliases.u32() ?? 0) {
      guard let name = strings.read(&aliases), let target = strings.read(&aliases), let raw = aliases.u8(),
        let visibility = Visibility(rawValue: raw), aliases.raw(3) != nil
      else { break }
      content.typealiases.append(TypealiasDecl(qualifiedName: name, target: target, visibility: visibility))
    }
    var types = ByteReader(bytes, offset: sections[.typeIndex]!.lowerBound, end: sections[.typeIndex]!.upperBound)
    for _ in 0..<(types.u32() ?? 0) {
      guard let name = strings.read(&types), types.raw(8) != nil else { break }
      if let type = type(named: name) { content.types.append(type) }
    }
    var functions = ByteReader(bytes, offset: sections[.functionIndex]!.lowerBound, end: sections[.functionIndex]!.upperBound)
    for _ in 0..<(functions.u32() ?? 0) {
      guard strings.read(&functions) != nil, let offset = functions.u32(), let count = functions.u32() else { break }
      content.functions += decodeFunctions(at: Int(offset), count: Int(count))
    }
    return content
  }
}

/// The string section of a file.
struct Strings {
  let bytes: [UInt8]
  let range: Range<Int>

  func readBytes(_ reader: inout ByteReader) -> ArraySlice<UInt8>? {
    guard let offset = reader.u32(), let length = reader.u32() else { return nil }
    let start = range.lowerBound + Int(offset)
    guard Int(offset) <= range.count, Int(length) <= range.count - Int(offset) else { return nil }
    return bytes[start..<(start + Int(length))]
  }

  func read(_ reader: inout ByteReader) -> String? {
    guard let slice = readBytes(&reader) else { return nil }
    return String(bytes: slice, encoding: .utf8)
  }
}
