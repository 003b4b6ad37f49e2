/// The one order in which interface content is stored.
///
/// Strings compare by their UTF-8 bytes, not by Swift's `<` (which treats
/// canonically equivalent spellings such as a precomposed and a decomposed
/// "é" as equal, and so would leave their order to the input). A record's
/// place is given by its sort key: an order-preserving byte encoding of
/// every field, so that two records tie only when they are identical byte
/// for byte. Sorting by it gives the same result whatever the input order,
/// and de-duplication drops only exact copies.
///
/// Record keys (fields in this order):
/// - function: owner (absent first), base name, parameters (label, absent
///   first; has default; is scope), static, kind, visibility, requirements
///   (as shown, then kind), file, result type (absent first), failable. Owner and base name first: the order of
///   the function index, so that overloads are adjacent.
/// - type: qualified name, kind, visibility, final, superclass,
///   conformances, properties (name, static, type, visibility).
/// - named key: name, value type, visibility; typealias: name, target,
///   visibility; requirement: as shown (`Analytics`, `\.apiBaseURL`), kind.
enum CanonicalOrder {
  /// -1, 0 or 1 as `lhs` sorts before, with or after `rhs`: by UTF-8 bytes.
  static func compare(_ lhs: String, _ rhs: String) -> Int {
    var left = lhs.utf8.makeIterator()
    var right = rhs.utf8.makeIterator()
    return compareBytes(&left, &right)
  }

  /// Two byte sequences compared bytewise, a prefix first.
  private static func compareBytes(_ left: inout some IteratorProtocol<UInt8>, _ right: inout some IteratorProtocol<UInt8>)
    -> Int
  {
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let a?, let b?): if a != b { return a < b ? -1 : 1 }
      }
    }
  }

  /// Absent first.
  static func compare(_ lhs: String?, _ rhs: String?) -> Int {
    switch (lhs, rhs) {
    case (nil, nil): return 0
    case (nil, _): return -1
    case (_, nil): return 1
    case (let a?, let b?): return compare(a, b)
    }
  }

  /// Whether `lhs` sorts before `rhs`, bytewise (a prefix first).
  static func precedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    lhs.withUnsafeBufferPointer { left in
      rhs.withUnsafeBufferPointer { right in
        let common = min(left.count, right.count)
        var index = 0
        while index < common {
          if left[index] != right[index] { return left[index] < right[index] }
          index += 1
        }
        return left.count < right.count
      }
    }
  }

  /// `items` sorted by `key`, items with equal keys (exact copies) once.
  static func sortedUnique<T>(_ items: [T], key: (T) -> [UInt8]) -> [T] {
    let keyed = items.map { (key: key($0), item: $0) }.sorted { precedes($0.key, $1.key) }
    var result: [T] = []
    result.reserveCapacity(keyed.count)
    var previous: [UInt8]?
    for entry in keyed where entry.key != previous {
      result.append(entry.item)
      previous = entry.key
    }
    return result
  }

  /// Keys in the order of their sort keys (`key(_:)`, as shown, then
  /// kind), each once; compared in place instead of through a byte array
  /// per key (a function may require thousands).
  static func sortedUnique(_ keys: [ImplicitKeyRef]) -> [ImplicitKeyRef] {
    let sorted = keys.sorted { compare($0, $1) < 0 }
    var result: [ImplicitKeyRef] = []
    result.reserveCapacity(sorted.count)
    for key in sorted where result.last.map({ compare($0, key) != 0 }) ?? true { result.append(key) }
    return result
  }

  /// -1, 0 or 1 as `lhs`'s sort key sorts before, with or after `rhs`'s:
  /// the bytes of the shown text (a prefix first), then the kind.
  static func compare(_ lhs: ImplicitKeyRef, _ rhs: ImplicitKeyRef) -> Int {
    var left = ShownBytes(lhs)
    var right = ShownBytes(rhs)
    let order = compareBytes(&left, &right)
    if order != 0 || lhs.kind == rhs.kind { return order }
    return lhs.kind.rawValue < rhs.kind.rawValue ? -1 : 1
  }

  /// The UTF-8 bytes of a key as shown: `\.` before a named key's spelling.
  struct ShownBytes: IteratorProtocol {
    private var prefix: Int
    private var text: String.UTF8View.Iterator

    init(_ key: ImplicitKeyRef) {
      prefix = key.kind == .named ? 2 : 0
      text = key.spelling.utf8.makeIterator()
    }

    mutating func next() -> UInt8? {
      switch prefix {
      case 2: prefix = 1; return UInt8(ascii: "\\")
      case 1: prefix = 0; return UInt8(ascii: ".")
      default: return text.next()
      }
    }
  }

  static func sortedUnique(_ strings: [String]) -> [String] {
    sortedUnique(strings) { Array($0.utf8) }
  }

  // MARK: Sort keys

  static func key(_ key: ImplicitKeyRef) -> [UInt8] {
    var out = SortKey()
    out.ref(key)
    return out.bytes
  }

  static func key(_ key: NamedKeyDecl) -> [UInt8] {
    var out = SortKey()
    out.string(key.name)
    out.string(key.valueType)
    out.byte(key.visibility.rawValue)
    out.byte(key.flags)
    return out.bytes
  }

  static func key(_ alias: TypealiasDecl) -> [UInt8] {
    var out = SortKey()
    out.string(alias.qualifiedName)
    out.string(alias.target)
    out.byte(alias.visibility.rawValue)
    return out.bytes
  }

  static func key(_ property: PropertyDecl) -> [UInt8] {
    var out = SortKey()
    out.property(property)
    return out.bytes
  }

  static func key(_ type: TypeDecl) -> [UInt8] {
    var out = SortKey()
    out.string(type.qualifiedName)
    out.byte(type.kind.rawValue)
    out.byte(type.visibility.rawValue)
    out.byte(type.isFinal ? 1 : 0)
    out.optional(type.superclass)
    out.list(type.conformances) { $0.string($1) }
    out.list(type.properties) { $0.property($1) }
    return out.bytes
  }

  static func key(_ function: FunctionDecl) -> [UInt8] {
    var out = SortKey()
    out.optional(function.owner)
    out.string(function.baseName)
    out.list(function.parameters) { out, parameter in
      out.optional(parameter.label)
      out.byte(parameter.flags)
      out.optional(parameter.type)
    }
    out.byte(function.isStatic ? 1 : 0)
    out.byte(function.kind.rawValue)
    out.byte(function.visibility.rawValue)
    out.list(function.requirements) { $0.ref($1) }
    out.string(function.file)
    out.optional(function.returnType)
    out.byte(function.isFailable ? 1 : 0)
    out.byte(function.declaresImplicits ? 1 : 0)
    out.list(function.genericParameters) { $0.string($1) }
    return out.bytes
  }

  static func key(_ record: UpstreamRecord) -> [UInt8] {
    var out = SortKey()
    out.string(record.moduleName)
    out.bytes += record.fingerprint.bytes
    return out.bytes
  }

  /// An order-preserving encoding: comparing two encodings bytewise
  /// compares their fields in order. A string is its bytes with 0x00
  /// written 0x00 0xFF, then 0x00 0x00 (so a prefix sorts first); an
  /// optional is 0x00 (absent) or 0x01 and the value; a list is 0x01 before
  /// each element, then 0x00.
  struct SortKey {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// A string's bytes, each 0x00 written 0x00 0xFF, then 0x00 0x00.
    mutating func string(_ value: String) {
      let start = bytes.count
      bytes.append(contentsOf: value.utf8)
      if bytes[start...].contains(0) {
        bytes.removeSubrange(start...)
        for byte in value.utf8 { escaped(byte) }
      }
      endString()
    }

    private mutating func escaped(_ byte: UInt8) {
      bytes.append(byte)
      if byte == 0 { bytes.append(0xFF) }
    }

    private mutating func endString() {
      bytes.append(0)
      bytes.append(0)
    }

    mutating func optional(_ value: String?) {
      if let value {
        bytes.append(1)
        string(value)
      } else {
        bytes.append(0)
      }
    }

    mutating func list<T>(_ items: [T], _ element: (inout SortKey, T) -> Void) {
      for item in items {
        bytes.append(1)
        element(&self, item)
      }
      bytes.append(0)
    }

    /// As shown (`description`), as a string, then the kind.
    mutating func ref(_ key: ImplicitKeyRef) {
      var shown = ShownBytes(key)
      while let byte = shown.next() { escaped(byte) }
      endString()
      byte(key.kind.rawValue)
    }

    mutating func property(_ property: PropertyDecl) {
      string(property.name)
      byte(property.isStatic ? 1 : 0)
      string(property.type)
      byte(property.visibility.rawValue)
    }
  }
}
