import ImplicitsFileSystem

/// A `.implicitinterface` file, checked when loaded and read lazily.
///
/// Loading checks the magic number, the format version, the length, the
/// checksum over every byte, the section table, the string table, every
/// index entry and the structure of every record, and that the file
/// declares the expected module (see `ValidatedLayout`). Records are then
/// decoded only when looked up: a lookup finds its string by binary search
/// in the sorted string table, then its entries by binary search in a
/// sorted index, and decodes just those records. Because everything was
/// checked at load time, lookups cannot fail.
///
/// Instances are immutable and may be shared between threads.
public final class InterfaceFile: Sendable {
  /// The path the file was loaded from (as given).
  public let path: String
  /// Format version, tool version, module, fingerprint, upstream records.
  public let header: InterfaceHeader
  /// Modules re-exported with `@_exported import`, sorted by bytes.
  public let reexports: [String]

  private let bytes: [UInt8]
  private let layout: ValidatedLayout

  public var moduleName: String { header.moduleName }
  public var fingerprint: Fingerprint { header.fingerprint }
  /// The size of the file in bytes.
  public var byteCount: Int { bytes.count }

  /// Reads and checks the file at `path`. When `expectedModule` is given,
  /// the file must declare that module. The header is read first: a file
  /// that is not an interface, or whose size is not the length its header
  /// declares, is refused without reading the rest.
  public static func load(path: String, expectedModule: String?) throws(InterfaceError) -> InterfaceFile {
    func failure(_ error: FileError) -> InterfaceError {
      InterfaceError.unreadable(error, path: path, module: expectedModule)
    }
    let limit = Int(UInt32.max)
    let file: FileReading.OpenFile
    let head: [UInt8]
    do {
      file = try FileReading.OpenFile(path, limit: limit)
      head = try file.readPrefix(InterfaceLayout.headerSize)
    } catch { throw failure(error) }
    try ValidatedLayout.checkHeader(head, fileSize: file.size, path: path, expectedModule: expectedModule)
    let bytes: [UInt8]
    do { bytes = head + (try file.read(upTo: limit - head.count)) } catch { throw failure(error) }
    return try InterfaceFile(bytes: bytes, path: path, expectedModule: expectedModule)
  }

  /// Reads and checks the file at `path` on `fileSystem`, as
  /// `load(path:expectedModule:)` does on disk (which it is for
  /// `LocalFileSystem`): the header and the size first, then the rest.
  public static func load(
    path: String, expectedModule: String?, fileSystem: any FileSystem
  ) throws(InterfaceError) -> InterfaceFile {
    if fileSystem is LocalFileSystem { return try load(path: path, expectedModule: expectedModule) }
    func failure(_ error: FileError) -> InterfaceError {
      InterfaceError.unreadable(error, path: path, module: expectedModule)
    }
    let limit = Int(UInt32.max)
    let head: [UInt8]
    let size: Int
    do {
      head = try fileSystem.readPrefix(path, count: InterfaceLayout.headerSize)
      size = try fileSystem.status(path).get().size
    } catch { throw failure(error) }
    try ValidatedLayout.checkHeader(head, fileSize: size, path: path, expectedModule: expectedModule)
    let bytes: [UInt8]
    do { bytes = try fileSystem.read(path, limit: limit) } catch { throw failure(error) }
    return try InterfaceFile(bytes: bytes, path: path, expectedModule: expectedModule)
  }

  /// Checks `bytes` as the contents of the file at `path`.
  public init(bytes: [UInt8], path: String, expectedModule: String?) throws(InterfaceError) {
    layout = try ValidatedLayout.validate(bytes, path: path, expectedModule: expectedModule)
    self.bytes = bytes
    self.path = path
    header = layout.header
    reexports = layout.reexports
  }

  // MARK: Lookups

  /// The functions of `owner` (nil: the free functions) named `baseName`,
  /// overloads included, in canonical order.
  public func functions(owner: String?, baseName: String) -> [FunctionDecl] {
    guard let ownerReference = ownerReference(owner), let baseID = layout.strings.find(Array(baseName.utf8)) else {
      return []
    }
    let index = layout.functionIndex
    let entry = index.partitionPoint { entry in
      let key = (index.u32(bytes, entry: entry, field: 0), index.u32(bytes, entry: entry, field: 1))
      return key < (ownerReference, baseID)
    }
    guard entry < index.count, index.u32(bytes, entry: entry, field: 0) == ownerReference,
      index.u32(bytes, entry: entry, field: 1) == baseID
    else { return [] }
    return functionGroup(entry)
  }

  /// Every function of `owner`, or every free function when `owner` is nil,
  /// in canonical order.
  public func functions(owner: String?) -> [FunctionDecl] {
    guard let ownerReference = ownerReference(owner) else { return [] }
    let index = layout.functionIndex
    var entry = index.partitionPoint { index.u32(bytes, entry: $0, field: 0) < ownerReference }
    var result: [FunctionDecl] = []
    while entry < index.count, index.u32(bytes, entry: entry, field: 0) == ownerReference {
      result += functionGroup(entry)
      entry += 1
    }
    return result
  }

  /// The base names of the file's scope-taking functions (of any owner).
  public func scopeTakingBaseNames() -> Set<String> { baseNames(withParameterFlags: 2) }

  /// The base names of the file's functions (of any owner) one of whose
  /// parameters has one of the bits of `mask` in its flags: `2` takes a
  /// scope, `4` takes a closure (docs/interface-format.md).
  public func baseNames(withParameterFlags mask: UInt8) -> Set<String> {
    var names = Set<String>()
    for entry in 0..<layout.functionIndex.count where groupParameterFlags(entry) & mask != 0 {
      names.insert(string(layout.functionIndex.u32(bytes, entry: entry, field: 1)))
    }
    return names
  }

  /// The owner field of the function index for `owner`: 0 for free
  /// functions, the owner's string id + 1 otherwise; nil when the file does
  /// not hold that string (so has no such function).
  private func ownerReference(_ owner: String?) -> Int? {
    guard let owner else { return 0 }
    return layout.strings.find(Array(owner.utf8)).map { $0 + 1 }
  }

  /// The type or extension named `name` (`Outer.Inner`). When a module
  /// holds several records of one name, the first in canonical order.
  public func type(named name: String) -> TypeDecl? {
    guard let id = layout.strings.find(Array(name.utf8)),
      let entry = layout.typeIndex.entries(bytes, key: id).first
    else { return nil }
    return typeRecord(entry)
  }

  /// The named key `name` (without `\.`).
  public func namedKey(_ name: String) -> NamedKeyDecl? {
    guard let id = layout.strings.find(Array(name.utf8)),
      let entry = layout.namedKeys.entries(bytes, key: id).first
    else { return nil }
    return namedKeyEntry(entry)
  }

  /// The typealias `name` (`Outer.Name`).
  public func typealiasDecl(named name: String) -> TypealiasDecl? {
    guard let id = layout.strings.find(Array(name.utf8)),
      let entry = layout.typealiases.entries(bytes, key: id).first
    else { return nil }
    return typealiasEntry(entry)
  }

  /// The names the file holds records under, without decoding a record.
  public func recordNames() -> RecordNames {
    func keys(_ index: SortedIndex) -> [String] {
      var names: [String] = []
      var previous = -1
      for entry in 0..<index.count {
        let id = index.key(bytes, entry)
        if id != previous { names.append(string(id)) }
        previous = id
      }
      return names
    }
    let index = layout.functionIndex
    let functions = (0..<index.count).map { entry -> String in
      let owner = index.u32(bytes, entry: entry, field: 0)
      return FunctionDecl.lookupKey(owner: owner == 0 ? nil : string(owner - 1), baseName: string(index.u32(bytes, entry: entry, field: 1)))
    }
    return RecordNames(
      types: keys(layout.typeIndex), functions: functions,
      namedKeys: keys(layout.namedKeys), typealiases: keys(layout.typealiases))
  }

  /// Everything the file holds, in canonical order: equal to the
  /// `normalized()` content it was written from. For dump and diff.
  public func decodeContent() -> InterfaceContent {
    InterfaceContent(
      moduleName: moduleName, reexports: reexports,
      namedKeys: (0..<layout.namedKeys.count).map(namedKeyEntry),
      types: (0..<layout.typeIndex.count).compactMap(typeRecord),
      typealiases: (0..<layout.typealiases.count).map(typealiasEntry),
      functions: (0..<layout.functionIndex.count).flatMap(functionGroup))
  }

  // MARK: Decoding (of records validated at load time)

  private func string(_ id: Int) -> String { layout.strings.string(id) }

  private func namedKeyEntry(_ entry: Int) -> NamedKeyDecl {
    let (name, valueType, visibility) = keyedEntry(layout.namedKeys, entry)
    return NamedKeyDecl(
      name: name, valueType: valueType, visibility: visibility,
      isStored: layout.namedKeys.u8(bytes, entry: entry, at: 9) & 1 != 0)
  }

  private func typealiasEntry(_ entry: Int) -> TypealiasDecl {
    let (name, target, visibility) = keyedEntry(layout.typealiases, entry)
    return TypealiasDecl(qualifiedName: name, target: target, visibility: visibility)
  }

  /// An entry of the named-key or typealias table: name, other string,
  /// visibility.
  private func keyedEntry(_ index: SortedIndex, _ entry: Int) -> (String, String, Visibility) {
    (
      string(index.key(bytes, entry)), string(index.u32(bytes, entry: entry, field: 1)),
      Visibility(rawValue: index.u8(bytes, entry: entry, at: 8)) ?? .testable
    )
  }

  private func typeRecord(_ entry: Int) -> TypeDecl? {
    let index = layout.typeIndex
    let start = layout.typeRecords.lowerBound + index.u32(bytes, entry: entry, field: 1)
    var reader = ByteReader(bytes, offset: start, end: start + index.u32(bytes, entry: entry, field: 2))
    var decoder = RecordDecoder(strings: layout.strings)
    return decoder.type(named: string(index.key(bytes, entry)), &reader)
  }

  /// The union of the parameters' flags of the records of one function
  /// index entry, read without decoding a string: a module that imports a
  /// thousand others asks it of every function they export.
  private func groupParameterFlags(_ entry: Int) -> UInt8 {
    let index = layout.functionIndex
    let start = layout.functionRecords.lowerBound + index.u32(bytes, entry: entry, field: 2)
    var reader = ByteReader(bytes, offset: start, end: start + index.u32(bytes, entry: entry, field: 3))
    var flags: UInt8 = 0
    for _ in 0..<index.u32(bytes, entry: entry, field: 4) {
      guard let recordFlags = RecordDecoder.skipFunction(&reader) else { return flags }
      flags |= recordFlags
    }
    return flags
  }

  /// The records of one function index entry.
  private func functionGroup(_ entry: Int) -> [FunctionDecl] {
    let index = layout.functionIndex
    let ownerReference = index.u32(bytes, entry: entry, field: 0)
    let owner = ownerReference == 0 ? nil : string(ownerReference - 1)
    let baseName = string(index.u32(bytes, entry: entry, field: 1))
    let start = layout.functionRecords.lowerBound + index.u32(bytes, entry: entry, field: 2)
    var reader = ByteReader(bytes, offset: start, end: start + index.u32(bytes, entry: entry, field: 3))
    var decoder = RecordDecoder(strings: layout.strings)
    var result: [FunctionDecl] = []
    for _ in 0..<index.u32(bytes, entry: entry, field: 4) {
      guard let function = decoder.function(owner: owner, baseName: baseName, &reader) else { break }
      result.append(function)
    }
    return result
  }
}

/// Decodes records. The file was validated at load time, so every read
/// succeeds; the reads are bounds-checked all the same, and a failure
/// yields nil rather than a crash.
struct RecordDecoder {
  let strings: StringTable
  /// Strings decoded so far, by id: records repeat them (files, types).
  private var cache: [Int: String] = [:]

  init(strings: StringTable) {
    self.strings = strings
  }

  private mutating func string(_ id: Int) -> String? {
    guard id >= 0, id < strings.count else { return nil }
    if let cached = cache[id] { return cached }
    let value = strings.string(id)
    cache[id] = value
    return value
  }

  private mutating func string(_ reader: inout ByteReader) -> String? {
    reader.varint().flatMap { string($0) }
  }

  /// nil for a malformed reference; .some(nil) for an absent string.
  private mutating func optionalString(_ reader: inout ByteReader) -> String?? {
    guard let value = reader.varint() else { return nil }
    if value == 0 { return .some(nil) }
    return string(value - 1).map { .some($0) }
  }

  mutating func type(named name: String, _ reader: inout ByteReader) -> TypeDecl? {
    guard let kind = reader.u8().flatMap(TypeDecl.Kind.init(rawValue:)),
      let visibility = reader.u8().flatMap(Visibility.init(rawValue:)), let flags = reader.u8(),
      let superclass = optionalString(&reader), let conformanceCount = reader.varint(),
      conformanceCount <= reader.remaining
    else { return nil }
    var conformances: [String] = []
    conformances.reserveCapacity(conformanceCount)
    for _ in 0..<conformanceCount {
      guard let conformance = string(&reader) else { return nil }
      conformances.append(conformance)
    }
    guard let propertyCount = reader.varint(), propertyCount <= reader.remaining else { return nil }
    var properties: [PropertyDecl] = []
    properties.reserveCapacity(propertyCount)
    for _ in 0..<propertyCount {
      guard let propertyName = string(&reader), let type = string(&reader), let propertyFlags = reader.u8(),
        let propertyVisibility = reader.u8().flatMap(Visibility.init(rawValue:))
      else { return nil }
      properties.append(
        PropertyDecl(name: propertyName, type: type, isStatic: propertyFlags & 1 != 0, visibility: propertyVisibility))
    }
    return TypeDecl(
      qualifiedName: name, kind: kind, visibility: visibility, isFinal: flags & 1 != 0, superclass: superclass,
      conformances: conformances, properties: properties)
  }

  /// Reads past one function record (the layout `function` decodes); the
  /// union of its parameters' flags, or nil for a malformed record.
  static func skipFunction(_ reader: inout ByteReader) -> UInt8? {
    guard reader.u8() != nil, reader.u8() != nil, reader.u8() != nil, let parameterCount = reader.varint(),
      parameterCount <= reader.remaining
    else { return nil }
    var parameterFlags: UInt8 = 0
    for _ in 0..<parameterCount {
      guard reader.varint() != nil, let flags = reader.u8(), reader.varint() != nil else { return nil }
      parameterFlags |= flags
    }
    guard let requirementCount = reader.varint(), requirementCount <= reader.remaining else { return nil }
    for _ in 0..<requirementCount {
      guard reader.u8() != nil, reader.varint() != nil else { return nil }
    }
    guard reader.varint() != nil, reader.varint() != nil, let genericCount = reader.varint(), genericCount <= reader.remaining
    else { return nil }
    for _ in 0..<genericCount {
      guard reader.varint() != nil else { return nil }
    }
    return parameterFlags
  }

  mutating func function(owner: String?, baseName: String, _ reader: inout ByteReader) -> FunctionDecl? {
    guard let kind = reader.u8().flatMap(FunctionDecl.Kind.init(rawValue:)), let flags = reader.u8(),
      let visibility = reader.u8().flatMap(Visibility.init(rawValue:)), let parameterCount = reader.varint(),
      parameterCount <= reader.remaining
    else { return nil }
    var parameters: [FunctionDecl.Parameter] = []
    parameters.reserveCapacity(parameterCount)
    for _ in 0..<parameterCount {
      guard let label = optionalString(&reader), let parameterFlags = reader.u8(), let type = optionalString(&reader)
      else { return nil }
      parameters.append(FunctionDecl.Parameter(label: label, flags: parameterFlags, type: type))
    }
    guard let requirementCount = reader.varint(), requirementCount <= reader.remaining else { return nil }
    var requirements: [ImplicitKeyRef] = []
    requirements.reserveCapacity(requirementCount)
    for _ in 0..<requirementCount {
      guard let keyKind = reader.u8().flatMap(ImplicitKeyRef.Kind.init(rawValue:)), let spelling = string(&reader)
      else { return nil }
      requirements.append(ImplicitKeyRef(kind: keyKind, spelling: spelling))
    }
    guard let file = string(&reader), let returnType = optionalString(&reader), let genericCount = reader.varint(),
      genericCount <= reader.remaining
    else { return nil }
    var genericParameters: [String] = []
    for _ in 0..<genericCount {
      guard let name = string(&reader) else { return nil }
      genericParameters.append(name)
    }
    return FunctionDecl(
      owner: owner, baseName: baseName, kind: kind, isStatic: flags & 1 != 0, parameters: parameters,
      visibility: visibility, requirements: requirements, file: file, returnType: returnType,
      isFailable: flags & 2 != 0, declaresImplicits: flags & 4 != 0, genericParameters: genericParameters)
  }
}
