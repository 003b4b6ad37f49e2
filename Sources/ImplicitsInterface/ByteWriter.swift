/// Appends little-endian integers, LEB128 varints and raw bytes to a
/// buffer: the writing half of the `.implicitinterface` encoding.
package struct ByteWriter {
  package var bytes: [UInt8]

  package init(bytes: [UInt8] = []) {
    self.bytes = bytes
  }

  package var count: Int { bytes.count }

  package mutating func u8(_ value: UInt8) { bytes.append(value) }

  package mutating func u16(_ value: UInt16) {
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  package mutating func u32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }

  /// A non-negative count or offset as a u32. A file is limited to 4 GiB,
  /// so anything larger is a bug of the caller.
  package mutating func u32(_ value: Int) {
    precondition(value >= 0 && value <= Int(UInt32.max), "\(value) does not fit the interface format's 32 bits")
    u32(UInt32(value))
  }

  package mutating func u64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }

  /// Unsigned LEB128, shortest form, at most 5 bytes (values up to 2^32 - 1).
  package mutating func varint(_ value: Int) {
    precondition(value >= 0 && value <= Int(UInt32.max), "\(value) does not fit a varint of the interface format")
    var rest = UInt32(value)
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  package mutating func append(_ other: [UInt8]) { bytes += other }
  package mutating func append(_ other: ArraySlice<UInt8>) { bytes += other }
  package mutating func append(_ utf8: String.UTF8View) { bytes.append(contentsOf: utf8) }

  package mutating func patch32(at offset: Int, _ value: UInt32) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(index * 8)) }
  }

  package mutating func patch64(at offset: Int, _ value: UInt64) {
    for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(index * 8)) }
  }
}
