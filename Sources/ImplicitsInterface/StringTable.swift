/// The string section of a file, read in place: a count `n`, `n` end
/// offsets (u32) and the UTF-8 bytes of the strings, which are unique and
/// sorted by bytes, so that a string's id (its position) orders like the
/// string itself and a string is found by binary search.
///
/// `validate` checks all of this once, when the file is loaded; afterwards
/// every id below `count` is safe to use.
struct StringTable: Sendable {
  let bytes: [UInt8]
  let count: Int
  /// Absolute offset of the end-offset array.
  private let endsOffset: Int
  /// Absolute offset of the first string's first byte.
  private let dataOffset: Int

  /// Checks the section and returns its view, or a description of what is wrong.
  static func validate(_ bytes: [UInt8], section: Range<Int>) -> Result<StringTable, Malformed> {
    var reader = ByteReader(bytes, range: section)
    guard let count = reader.int32() else { return .failure(Malformed("the string section has no count")) }
    guard count <= reader.remaining / 4 else {
      return .failure(Malformed("the string section announces \(count) strings but has room for fewer"))
    }
    let endsOffset = reader.offset
    let dataOffset = endsOffset + count * 4
    let dataLength = section.upperBound - dataOffset
    let table = StringTable(bytes: bytes, count: count, endsOffset: endsOffset, dataOffset: dataOffset)
    var previous: Range<Int>?
    for id in 0..<count {
      let start = id == 0 ? 0 : Int(ByteReader.u32(bytes, at: endsOffset + (id - 1) * 4))
      let end = Int(ByteReader.u32(bytes, at: endsOffset + id * 4))
      guard start <= end, end <= dataLength else {
        return .failure(Malformed("string \(id) ends at \(end), outside the string data (\(dataLength) bytes)"))
      }
      let range = (dataOffset + start)..<(dataOffset + end)
      guard UTF8Validation.isValid(bytes, range) else { return .failure(Malformed("string \(id) is not valid UTF-8")) }
      if let previous, !bytes[previous].lexicographicallyPrecedes(bytes[range]) {
        return .failure(Malformed("the strings are not unique and sorted (string \(id))"))
      }
      previous = range
    }
    let last = count == 0 ? 0 : Int(ByteReader.u32(bytes, at: endsOffset + (count - 1) * 4))
    guard last == dataLength else {
      return .failure(Malformed("the string data has \(dataLength - last) bytes that belong to no string"))
    }
    return .success(table)
  }

  /// The bytes of string `id` (which must be below `count`).
  func range(_ id: Int) -> Range<Int> {
    let start = id == 0 ? 0 : Int(ByteReader.u32(bytes, at: endsOffset + (id - 1) * 4))
    let end = Int(ByteReader.u32(bytes, at: endsOffset + id * 4))
    return (dataOffset + start)..<(dataOffset + end)
  }

  func string(_ id: Int) -> String {
    String(decoding: bytes[range(id)], as: UTF8.self)
  }

  /// -1, 0 or 1 as string `id` sorts before, equal to or after `query`.
  func compare(_ id: Int, _ query: [UInt8]) -> Int {
    let stored = bytes[range(id)]
    if stored.elementsEqual(query) { return 0 }
    return stored.lexicographicallyPrecedes(query) ? -1 : 1
  }

  /// The id of the first string not sorting before `query` (`count` if none).
  func lowerBound(_ query: [UInt8]) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if compare(middle, query) < 0 { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The id of `query`, if the file holds that string.
  func find(_ query: [UInt8]) -> Int? {
    let id = lowerBound(query)
    return id < count && compare(id, query) == 0 ? id : nil
  }

  /// The ids of the strings that start with `prefix`: a contiguous range,
  /// since the strings are sorted.
  func ids(withPrefix prefix: [UInt8]) -> Range<Int> {
    let first = lowerBound(prefix)
    var low = first
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if bytes[range(middle)].starts(with: prefix) { low = middle + 1 } else { high = middle }
    }
    return first..<low
  }
}

/// A structural problem found while validating a file.
struct Malformed: Error, Sendable {
  var detail: String
  init(_ detail: String) { self.detail = detail }
}

enum UTF8Validation {
  /// Whether `bytes[range]` is well-formed UTF-8 (no overlong forms, no
  /// surrogates, nothing above U+10FFFF).
  static func isValid(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let continuationCount: Int
      var scalar: UInt32
      let minimum: UInt32
      if lead & 0xE0 == 0xC0 {
        (continuationCount, scalar, minimum) = (1, UInt32(lead & 0x1F), 0x80)
      } else if lead & 0xF0 == 0xE0 {
        (continuationCount, scalar, minimum) = (2, UInt32(lead & 0x0F), 0x800)
      } else if lead & 0xF8 == 0xF0 {
        (continuationCount, scalar, minimum) = (3, UInt32(lead & 0x07), 0x10000)
      } else {
        return false
      }
      guard end - index > continuationCount else { return false }
      for offset in 1...continuationCount {
        let byte = bytes[index + offset]
        guard byte & 0xC0 == 0x80 else { return false }
        scalar = scalar << 6 | UInt32(byte & 0x3F)
      }
      guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
      index += continuationCount + 1
    }
    return true
  }
}
