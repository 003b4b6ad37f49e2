/// Appends little-endian integers and strings to a byte buffer.
struct ByteWriter {
  var bytes: [UInt8] = []

  mutating func u8(_ value: UInt8) { bytes.append(value) }

  mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func u16(_ value: UInt16) {
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func u32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }

  mutating func u64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }

  mutating func u32(_ value: Int) { u32(UInt32(value)) }

  /// A length-prefixed UTF-8 string (for canonical encodings).
  mutating func string(_ value: String) {
    let utf8 = Array(value.utf8)
    u32(utf8.count)
    bytes += utf8
  }

  mutating func patch32(at offset: Int, _ value: UInt32) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(index * 8)) }
  }

  mutating func patch64(at offset: Int, _ value: UInt64) {
    for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(index * 8)) }
  }
}

/// Reads little-endian integers within bounds; every read that would go
/// past the end returns nil.
struct ByteReader {
  let bytes: [UInt8]
  var offset: Int
  let end: Int

  init(_ bytes: [UInt8], offset: Int = 0, end: Int? = nil) {
    self.bytes = bytes
    self.offset = offset
    self.end = min(end ?? bytes.count, bytes.count)
  }

  var remaining: Int { end - offset }

  mutating func u8() -> UInt8? {
    guard offset < end, offset >= 0 else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func bool() -> Bool? {
    guard let value = u8(), value <= 1 else { return nil }
    return value == 1
  }

  mutating func u16() -> UInt16? {
    guard offset >= 0, remaining >= 2 else { return nil }
    defer { offset += 2 }
    return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  mutating func u32() -> UInt32? {
    guard offset >= 0, remaining >= 4 else { return nil }
    var value: UInt32 = 0
    for index in 0..<4 { value |= UInt32(bytes[offset + index]) << UInt32(index * 8) }
    offset += 4
    return value
  }

  mutating func u64() -> UInt64? {
    guard offset >= 0, remaining >= 8 else { return nil }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
    offset += 8
    return value
  }

  mutating func raw(_ count: Int) -> [UInt8]? {
    guard offset >= 0, count >= 0, remaining >= count else { return nil }
    defer { offset += count }
    return Array(bytes[offset..<(offset + count)])
  }
}

/// FNV-1a, 64 bits: the file checksum (catches every single-byte change and
/// truncation; the fingerprint, not the checksum, identifies content).
enum FNV1a {
  static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
