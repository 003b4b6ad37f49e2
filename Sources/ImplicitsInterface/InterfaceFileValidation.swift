/// The load-time checks of an interface file: everything the lookups rely
/// on is proven here, once, so that no later read can go out of bounds,
/// meet an invalid string or find an unsorted index.
///
/// Order of the checks (each failure is reported as the first that fails):
/// magic, major version, length, checksum, section table, module section
/// (and the expected module), strings, upstream records, re-exports, named
/// keys, typealiases, type index and records, function index and records.
struct ValidatedLayout: Sendable {
  let header: InterfaceHeader
  let strings: StringTable
  let reexports: [String]
  let namedKeys: SortedIndex
  let typealiases: SortedIndex
  let typeIndex: SortedIndex
  let typeRecords: Range<Int>
  let functionIndex: SortedIndex
  let functionRecords: Range<Int>

  /// Checks the first bytes of a file of `fileSize` bytes before the rest
  /// is read: a file that does not start with the magic is foreign, and
  /// one of this major version whose size is not the length its header
  /// declares is truncated or corrupt. Anything else is left to `validate`
  /// on the whole file (an incompatible version reads on, to name the
  /// tool that wrote it).
  static func checkHeader(_ head: [UInt8], fileSize: Int, path: String, expectedModule: String?) throws(InterfaceError) {
    func failure(_ kind: InterfaceError.Kind) -> InterfaceError {
      InterfaceError(kind: kind, path: path, module: expectedModule)
    }
    let magic = InterfaceLayout.magic
    guard head.count >= magic.count else { return }
    guard head[0..<magic.count].elementsEqual(magic) else { throw failure(.foreign) }
    guard head.count >= InterfaceLayout.headerSize else { return }
    var reader = ByteReader(head, offset: InterfaceLayout.majorOffset)
    guard reader.u16() == FormatVersion.current.major else { return }
    _ = reader.u16()
    let declaredLength = reader.int32() ?? 0
    guard declaredLength >= InterfaceLayout.headerSize else { return }
    if fileSize < declaredLength { throw failure(.truncated(actual: fileSize, expected: declaredLength)) }
    if fileSize > declaredLength {
      throw failure(.corrupt(detail: "invalid structure: the file has \(fileSize) bytes but its header says \(declaredLength)"))
    }
  }

  static func validate(_ bytes: [UInt8], path: String, expectedModule: String?) throws(InterfaceError) -> ValidatedLayout {
    var module = expectedModule
    func failure(_ kind: InterfaceError.Kind) -> InterfaceError {
      InterfaceError(kind: kind, path: path, module: module)
    }
    func structure(_ detail: String) -> InterfaceError { failure(.corrupt(detail: "invalid structure: " + detail)) }
    let magic = InterfaceLayout.magic
    let minimum = InterfaceLayout.headerSize

    // Magic and version: the bytes every major version keeps.
    guard bytes.count >= magic.count else {
      throw failure(magic.starts(with: bytes) ? .truncated(actual: bytes.count, expected: minimum) : .foreign)
    }
    guard bytes[0..<magic.count].elementsEqual(magic) else { throw failure(.foreign) }
    guard bytes.count >= InterfaceLayout.lengthOffset else {
      throw failure(.truncated(actual: bytes.count, expected: minimum))
    }
    var reader = ByteReader(bytes, offset: InterfaceLayout.majorOffset)
    let version = FormatVersion(major: reader.u16() ?? 0, minor: reader.u16() ?? 0)
    guard version.major == FormatVersion.current.major else {
      let producer = ForeignVersionProbe.producer(of: bytes)
      module = expectedModule ?? producer.moduleName
      throw failure(.incompatibleVersion(found: version, toolVersion: producer.toolVersion))
    }

    // Length and checksum.
    guard bytes.count >= minimum else { throw failure(.truncated(actual: bytes.count, expected: minimum)) }
    let length = reader.int32() ?? 0
    // The size against the declared length, as a load checks it before
    // reading past the header.
    try checkHeader(Array(bytes[..<minimum]), fileSize: bytes.count, path: path, expectedModule: module)
    guard length >= minimum else {
      throw structure("the header gives a length of \(length) bytes, less than the header itself")
    }
    let stored = reader.u64() ?? 0
    let computed = InterfaceLayout.checksum(of: bytes)
    guard stored == computed else { throw failure(.corrupt(detail: InterfaceError.checksumMismatch)) }
    let fingerprint = Fingerprint(bytes: Array(bytes[InterfaceLayout.fingerprintOffset..<(InterfaceLayout.fingerprintOffset + 32)]))

    // Section table: kinds unique, sections tiling the rest of the file in
    // table order (the writer lists them by increasing kind; readers find
    // them by kind).
    let sectionCount = Int(ByteReader.u32(bytes, at: InterfaceLayout.sectionCountOffset))
    guard sectionCount <= (length - minimum) / InterfaceLayout.sectionEntrySize else {
      throw structure("the section table (\(sectionCount) entries) does not fit the file")
    }
    var sections: [InterfaceLayout.Section: Range<Int>] = [:]
    var table = ByteReader(bytes, offset: minimum, end: minimum + sectionCount * InterfaceLayout.sectionEntrySize)
    var expectedOffset = table.end
    var kinds = Set<UInt32>()
    for _ in 0..<sectionCount {
      guard let kind = table.u32(), let offset = table.int32(), let size = table.int32() else {
        throw structure("the section table is cut short")
      }
      guard kinds.insert(kind).inserted else { throw structure("section kind \(kind) appears twice") }
      guard offset == expectedOffset, size <= length - offset else {
        throw structure("section \(kind) (at \(offset), \(size) bytes) does not follow the previous one within the file")
      }
      expectedOffset = offset + size
      // Kinds this reader does not know come from a later minor version.
      if let known = InterfaceLayout.Section(rawValue: kind) { sections[known] = offset..<(offset + size) }
    }
    guard expectedOffset == length else { throw structure("\(length - expectedOffset) bytes after the last section") }
    for required in InterfaceLayout.Section.allCases where sections[required] == nil {
      throw structure("section \(required.rawValue) (\(required)) is missing")
    }
    func section(_ kind: InterfaceLayout.Section) -> Range<Int> { sections[kind] ?? 0..<0 }

    // Module section: tool version, module name.
    var moduleReader = ByteReader(bytes, range: section(.module))
    guard let toolVersion = moduleReader.inlineString(), let moduleName = moduleReader.inlineString(),
      moduleReader.isAtEnd
    else { throw structure("the module section is malformed") }
    if let expectedModule, CanonicalOrder.compare(expectedModule, moduleName) != 0 {
      throw failure(.wrongModule(declared: moduleName))
    }
    module = module ?? moduleName

    let strings: StringTable
    switch StringTable.validate(bytes, section: section(.strings)) {
    case .success(let table): strings = table
    case .failure(let malformed): throw structure(malformed.detail)
    }
    let checker = RecordChecker(bytes: bytes, strings: strings)
    do throws(Malformed) {
      let upstream = try checker.upstream(section(.upstream))
      let reexports = try checker.reexports(section(.reexports))
      let namedKeys = try checker.keyedTable(
        section(.namedKeys), entrySize: InterfaceLayout.namedKeyEntrySize, flagMask: 1, what: "named key")
      let typealiases = try checker.keyedTable(
        section(.typealiases), entrySize: InterfaceLayout.typealiasEntrySize, flagMask: 0, what: "typealias")
      let typeIndex = try checker.typeIndex(section(.typeIndex), records: section(.typeRecords))
      let functionIndex = try checker.functionIndex(section(.functionIndex), records: section(.functionRecords))
      return ValidatedLayout(
        header: InterfaceHeader(
          formatVersion: version, toolVersion: toolVersion, moduleName: moduleName, fingerprint: fingerprint,
          upstream: upstream),
        strings: strings, reexports: reexports.map(strings.string), namedKeys: namedKeys, typealiases: typealiases,
        typeIndex: typeIndex, typeRecords: section(.typeRecords), functionIndex: functionIndex,
        functionRecords: section(.functionRecords))
    } catch {
      throw structure(error.detail)
    }
  }
}

/// A section of fixed-size entries sorted by the string id in their first
/// four bytes, which orders like the string itself.
struct SortedIndex: Sendable {
  /// Absolute offset of the first entry.
  let base: Int
  let count: Int
  let entrySize: Int

  /// Field `field` (a u32) of entry `entry`.
  func u32(_ bytes: [UInt8], entry: Int, field: Int) -> Int {
    Int(ByteReader.u32(bytes, at: base + entry * entrySize + field * 4))
  }

  func u8(_ bytes: [UInt8], entry: Int, at byteOffset: Int) -> UInt8 {
    bytes[base + entry * entrySize + byteOffset]
  }

  func key(_ bytes: [UInt8], _ entry: Int) -> Int { u32(bytes, entry: entry, field: 0) }

  /// The first entry for which `isBefore` is false, `isBefore` being true
  /// for a prefix of the entries and false for the rest.
  func partitionPoint(_ isBefore: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if isBefore(middle) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The entries whose key is `id`: adjacent, since the index is sorted.
  func entries(_ bytes: [UInt8], key id: Int) -> Range<Int> {
    let first = partitionPoint { key(bytes, $0) < id }
    var end = first
    while end < count, key(bytes, end) == id { end += 1 }
    return first..<end
  }
}

/// Checks sections and records against the string table.
struct RecordChecker {
  let bytes: [UInt8]
  let strings: StringTable

  func need<T>(_ value: T?, _ what: @autoclosure () -> String) throws(Malformed) -> T {
    guard let value else { throw Malformed(what()) }
    return value
  }

  func stringID(_ reader: inout ByteReader, _ what: @autoclosure () -> String) throws(Malformed) -> Int {
    let id = try need(reader.varint(), what())
    guard id < strings.count else { throw Malformed("\(what()) refers to string \(id) of \(strings.count)") }
    return id
  }

  func optionalStringID(_ reader: inout ByteReader, _ what: @autoclosure () -> String) throws(Malformed) -> Int? {
    let value = try need(reader.varint(), what())
    guard value <= strings.count else { throw Malformed("\(what()) refers to string \(value - 1) of \(strings.count)") }
    return value == 0 ? nil : value - 1
  }

  func fixedStringID(_ id: Int, _ what: @autoclosure () -> String) throws(Malformed) -> Int {
    guard id < strings.count else { throw Malformed("\(what()) refers to string \(id) of \(strings.count)") }
    return id
  }

  func flag(_ reader: inout ByteReader, mask: UInt8, _ what: @autoclosure () -> String) throws(Malformed) -> UInt8 {
    let value = try need(reader.u8(), what())
    guard value & ~mask == 0 else { throw Malformed("\(what()) has the invalid value \(value)") }
    return value
  }

  /// A count of elements that each take at least `minimumSize` bytes.
  func count(_ reader: inout ByteReader, minimumSize: Int, _ what: @autoclosure () -> String) throws(Malformed) -> Int {
    let count = try need(reader.varint(), what())
    guard count <= reader.remaining / minimumSize else {
      throw Malformed("\(what()) announces \(count) elements, more than the record can hold")
    }
    return count
  }

  /// A u32 count then fixed-size entries filling the section exactly.
  func fixedEntries(_ section: Range<Int>, entrySize: Int, what: String) throws(Malformed) -> SortedIndex {
    var reader = ByteReader(bytes, range: section)
    let count = try need(reader.int32(), "the \(what) section has no count")
    guard count <= reader.remaining / entrySize, reader.remaining == count * entrySize else {
      throw Malformed("the \(what) section's size does not match its \(count) entries")
    }
    return SortedIndex(base: reader.offset, count: count, entrySize: entrySize)
  }

  func upstream(_ section: Range<Int>) throws(Malformed) -> [UpstreamRecord] {
    var reader = ByteReader(bytes, range: section)
    let count = try need(reader.int32(), "the upstream section has no count")
    guard count <= reader.remaining / 34 else { throw Malformed("the upstream section announces too many records") }
    var records: [UpstreamRecord] = []
    records.reserveCapacity(count)
    for index in 0..<count {
      let name = try need(reader.inlineString(), "upstream record \(index) has no valid name")
      let digest = try need(reader.raw(32), "upstream record \(index) has no fingerprint")
      let record = UpstreamRecord(moduleName: name, fingerprint: Fingerprint(bytes: digest))
      if let last = records.last, !CanonicalOrder.precedes(CanonicalOrder.key(last), CanonicalOrder.key(record)) {
        throw Malformed("the upstream records are not unique and sorted")
      }
      records.append(record)
    }
    guard reader.isAtEnd else { throw Malformed("the upstream section has bytes after its records") }
    return records
  }

  func reexports(_ section: Range<Int>) throws(Malformed) -> [Int] {
    let index = try fixedEntries(section, entrySize: 4, what: "re-export")
    var ids: [Int] = []
    ids.reserveCapacity(index.count)
    for entry in 0..<index.count {
      let id = try fixedStringID(index.key(bytes, entry), "re-export \(entry)")
      guard ids.last.map({ $0 < id }) ?? true else { throw Malformed("the re-exports are not unique and sorted") }
      ids.append(id)
    }
    return ids
  }

  /// Named keys and typealiases: name u32, other string u32, visibility u8.
  func keyedTable(_ section: Range<Int>, entrySize: Int, flagMask: UInt8, what: String) throws(Malformed) -> SortedIndex {
    let index = try fixedEntries(section, entrySize: entrySize, what: what)
    var previous = 0
    for entry in 0..<index.count {
      let name = try fixedStringID(index.key(bytes, entry), "\(what) \(entry)")
      _ = try fixedStringID(index.u32(bytes, entry: entry, field: 1), "\(what) \(entry)")
      guard Visibility(rawValue: index.u8(bytes, entry: entry, at: 8)) != nil else {
        throw Malformed("\(what) \(entry) has an invalid visibility")
      }
      guard index.u8(bytes, entry: entry, at: 9) & ~flagMask == 0 else {
        throw Malformed("\(what) \(entry) has invalid flags")
      }
      guard name >= previous else { throw Malformed("the \(what) index is not sorted") }
      previous = name
    }
    return index
  }

  /// Checks that the index's record ranges (offset, then length, from
  /// field `offsetField`) tile `records` in order.
  private func tiles(_ index: SortedIndex, offsetField: Int, records: Range<Int>, what: String) throws(Malformed) {
    var expected = 0
    for entry in 0..<index.count {
      let offset = index.u32(bytes, entry: entry, field: offsetField)
      let length = index.u32(bytes, entry: entry, field: offsetField + 1)
      guard offset == expected, length <= records.count - offset else {
        throw Malformed("\(what) index entry \(entry) points outside its records or not after the previous one")
      }
      expected = offset + length
    }
    guard expected == records.count else { throw Malformed("the \(what) records have bytes no index entry covers") }
  }

  func typeIndex(_ section: Range<Int>, records: Range<Int>) throws(Malformed) -> SortedIndex {
    let index = try fixedEntries(section, entrySize: InterfaceLayout.typeIndexEntrySize, what: "type index")
    try tiles(index, offsetField: 1, records: records, what: "type")
    var previous = 0
    for entry in 0..<index.count {
      let name = try fixedStringID(index.key(bytes, entry), "type index entry \(entry)")
      guard name >= previous else { throw Malformed("the type index is not sorted") }
      previous = name
      let start = records.lowerBound + index.u32(bytes, entry: entry, field: 1)
      var reader = ByteReader(bytes, offset: start, end: start + index.u32(bytes, entry: entry, field: 2))
      try typeRecord(&reader, what: "type record \(entry)")
    }
    return index
  }

  func typeRecord(_ reader: inout ByteReader, what: @autoclosure () -> String) throws(Malformed) {
    guard TypeDecl.Kind(rawValue: try need(reader.u8(), "\(what()): no kind")) != nil else {
      throw Malformed("\(what()): invalid kind")
    }
    guard Visibility(rawValue: try need(reader.u8(), "\(what()): no visibility")) != nil else {
      throw Malformed("\(what()): invalid visibility")
    }
    _ = try flag(&reader, mask: 1, "\(what()): flags")
    _ = try optionalStringID(&reader, "\(what()): superclass")
    for _ in 0..<(try count(&reader, minimumSize: 1, "\(what()): conformances")) {
      _ = try stringID(&reader, "\(what()): conformance")
    }
    for _ in 0..<(try count(&reader, minimumSize: 4, "\(what()): properties")) {
      _ = try stringID(&reader, "\(what()): property name")
      _ = try stringID(&reader, "\(what()): property type")
      _ = try flag(&reader, mask: 1, "\(what()): property flags")
      guard Visibility(rawValue: try need(reader.u8(), "\(what()): property visibility")) != nil else {
        throw Malformed("\(what()): invalid property visibility")
      }
    }
    guard reader.isAtEnd else { throw Malformed("\(what()) has \(reader.remaining) bytes after its end") }
  }

  /// Entries sorted strictly by (owner reference, base name id), each
  /// covering `count` function records.
  func functionIndex(_ section: Range<Int>, records: Range<Int>) throws(Malformed) -> SortedIndex {
    let index = try fixedEntries(section, entrySize: InterfaceLayout.functionIndexEntrySize, what: "function index")
    try tiles(index, offsetField: 2, records: records, what: "function")
    var previous = (owner: -1, baseName: -1)
    for entry in 0..<index.count {
      let owner = index.u32(bytes, entry: entry, field: 0)
      guard owner <= strings.count else {
        throw Malformed("function index entry \(entry) refers to owner string \(owner - 1) of \(strings.count)")
      }
      let baseName = try fixedStringID(index.u32(bytes, entry: entry, field: 1), "function index entry \(entry)")
      guard (owner, baseName) > previous else { throw Malformed("the function index is not sorted by unique keys") }
      previous = (owner, baseName)
      let start = records.lowerBound + index.u32(bytes, entry: entry, field: 2)
      var reader = ByteReader(bytes, offset: start, end: start + index.u32(bytes, entry: entry, field: 3))
      let count = index.u32(bytes, entry: entry, field: 4)
      guard count >= 1, count <= reader.remaining else {
        throw Malformed("function index entry \(entry) announces \(count) records")
      }
      for record in 0..<count {
        try functionRecord(&reader, what: "function record \(record) of index entry \(entry)")
      }
      guard reader.isAtEnd else { throw Malformed("function index entry \(entry) has bytes after its records") }
    }
    return index
  }

  func functionRecord(_ reader: inout ByteReader, what: @autoclosure () -> String) throws(Malformed) {
    guard FunctionDecl.Kind(rawValue: try need(reader.u8(), "\(what()): no kind")) != nil else {
      throw Malformed("\(what()): invalid kind")
    }
    _ = try flag(&reader, mask: FunctionDecl.flagMask, "\(what()): flags")
    guard Visibility(rawValue: try need(reader.u8(), "\(what()): no visibility")) != nil else {
      throw Malformed("\(what()): invalid visibility")
    }
    for _ in 0..<(try count(&reader, minimumSize: 3, "\(what()): parameters")) {
      _ = try optionalStringID(&reader, "\(what()): label")
      _ = try flag(&reader, mask: FunctionDecl.Parameter.flagMask, "\(what()): parameter flags")
      _ = try optionalStringID(&reader, "\(what()): parameter type")
    }
    for _ in 0..<(try count(&reader, minimumSize: 2, "\(what()): requirements")) {
      guard ImplicitKeyRef.Kind(rawValue: try need(reader.u8(), "\(what()): requirement kind")) != nil else {
        throw Malformed("\(what()): invalid requirement kind")
      }
      _ = try stringID(&reader, "\(what()): requirement")
    }
    _ = try stringID(&reader, "\(what()): file")
    _ = try optionalStringID(&reader, "\(what()): result type")
    for _ in 0..<(try count(&reader, minimumSize: 1, "\(what()): generic parameters")) {
      _ = try stringID(&reader, "\(what()): generic parameter")
    }
  }
}

extension ByteReader {
  /// A u16 length and that many bytes of valid UTF-8.
  mutating func inlineString() -> String? {
    let start = offset
    guard let length = u16(), let range = skip(Int(length)), UTF8Validation.isValid(bytes, range) else {
      self = ByteReader(bytes, offset: start, end: end)
      return nil
    }
    return String(decoding: bytes[range], as: UTF8.self)
  }
}

/// Reads, from a file of another major version, who wrote it and for which
/// module. Every major version keeps the first 64 bytes of the header, the
/// section table and a module section (kind 2) that starts with the tool
/// version and the module name, precisely so that this works.
enum ForeignVersionProbe {
  static func producer(of bytes: [UInt8]) -> (toolVersion: String?, moduleName: String?) {
    guard bytes.count >= InterfaceLayout.headerSize else { return (nil, nil) }
    let count = Int(ByteReader.u32(bytes, at: InterfaceLayout.sectionCountOffset))
    var table = ByteReader(bytes, offset: InterfaceLayout.headerSize)
    for _ in 0..<min(count, bytes.count / InterfaceLayout.sectionEntrySize) {
      guard let kind = table.u32(), let offset = table.int32(), let length = table.int32() else { break }
      guard kind == InterfaceLayout.Section.module.rawValue else { continue }
      guard offset <= bytes.count, length <= bytes.count - offset else { break }
      var reader = ByteReader(bytes, offset: offset, end: offset + length)
      let toolVersion = reader.inlineString()
      return (toolVersion, toolVersion == nil ? nil : reader.inlineString())
    }
    return (nil, nil)
  }
}
