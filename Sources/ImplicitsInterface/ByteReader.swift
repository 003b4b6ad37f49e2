/// Reads little-endian integers and LEB128 varints from a byte array
/// within `offset..<end`. Every read that would go past `end` (or that
/// finds a malformed varint) returns nil and leaves the position alone; no
/// read can trap, whatever the bytes.
package struct ByteReader {
  package let bytes: [UInt8]
  package private(set) var offset: Int
  package let end: Int

  package init(_ bytes: [UInt8], offset: Int = 0, end: Int? = nil) {
    self.bytes = bytes
    let end = min(max(end ?? bytes.count, 0), bytes.count)
    self.end = end
    self.offset = min(max(offset, 0), end)
  }

  package init(_ bytes: [UInt8], range: Range<Int>) {
    self.init(bytes, offset: range.lowerBound, end: range.upperBound)
  }

  package var remaining: Int { end - offset }
  package var isAtEnd: Bool { offset == end }

  package mutating func u8() -> UInt8? {
    guard offset < end else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  package mutating func u16() -> UInt16? {
    guard remaining >= 2 else { return nil }
    defer { offset += 2 }
    return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  package mutating func u32() -> UInt32? {
    guard remaining >= 4 else { return nil }
    defer { offset += 4 }
    return ByteReader.u32(bytes, at: offset)
  }

  package mutating func u64() -> UInt64? {
    guard remaining >= 8 else { return nil }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
    offset += 8
    return value
  }

  /// A u32 as an Int (always non-negative).
  package mutating func int32() -> Int? { u32().map { Int($0) } }

  /// Unsigned LEB128 in its shortest form, at most 5 bytes, at most
  /// 2^32 - 1. Overlong or oversized encodings are rejected so that each
  /// value has exactly one encoding.
  package mutating func varint() -> Int? {
    var value: UInt64 = 0
    var position = offset
    for index in 0..<5 {
      guard position < end else { return nil }
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << UInt64(index * 7)
      if byte & 0x80 == 0 {
        // A final zero byte after others is an overlong encoding.
        guard index == 0 || byte != 0, value <= UInt64(UInt32.max) else { return nil }
        offset = position
        return Int(value)
      }
    }
    return nil
  }

  /// The range of the next `count` bytes, skipped.
  package mutating func skip(_ count: Int) -> Range<Int>? {
    guard count >= 0, count <= remaining else { return nil }
    defer { offset += count }
    return offset..<(offset + count)
  }

  package mutating func raw(_ count: Int) -> [UInt8]? {
    skip(count).map { Array(bytes[$0]) }
  }

  /// An unchecked little-endian u32 at a position the caller has validated.
  package static func u32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
  }
}
