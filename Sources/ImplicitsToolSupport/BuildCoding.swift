import ImplicitsInterface

/// The one encoding of what a build keeps and sends: a module's record in
/// the build database, and everything that travels between the build and
/// its worker processes (the catalog, jobs, outcomes with their records).
/// Integers little-endian or LEB128 as in the interface format; a string
/// is a varint byte count and its UTF-8; an array a varint count and its
/// elements; a dictionary its entries sorted by key, so that equal values
/// have equal bytes.
package protocol BuildCodable {
  func encode(to writer: inout ByteWriter)
  /// Nil when the bytes are malformed; never traps.
  init?(from reader: inout ByteReader)
}

extension BuildCodable {
  /// The value's bytes alone.
  package var encoded: [UInt8] {
    var writer = ByteWriter()
    encode(to: &writer)
    return writer.bytes
  }

  /// The value `bytes` hold, nil unless they hold exactly one.
  package init?(decoding bytes: [UInt8]) {
    var reader = ByteReader(bytes)
    guard let value = Self(from: &reader), reader.isAtEnd else { return nil }
    self = value
  }
}

extension String: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    var text = self
    text.withUTF8 { utf8 in
      writer.varint(utf8.count)
      writer.bytes.append(contentsOf: utf8)
    }
  }

  package init?(from reader: inout ByteReader) {
    guard let length = reader.varint(), let range = reader.skip(length) else { return nil }
    let text = reader.bytes.withUnsafeBufferPointer { buffer in
      String(validating: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
    guard let text else { return nil }
    self = text
  }
}

extension Int: BuildCodable {
  package func encode(to writer: inout ByteWriter) { writer.u64(UInt64(bitPattern: Int64(self))) }

  package init?(from reader: inout ByteReader) {
    guard let value = reader.u64() else { return nil }
    self = Int(truncatingIfNeeded: Int64(bitPattern: value))
  }
}

extension Int64: BuildCodable {
  package func encode(to writer: inout ByteWriter) { writer.u64(UInt64(bitPattern: self)) }

  package init?(from reader: inout ByteReader) {
    guard let value = reader.u64() else { return nil }
    self = Int64(bitPattern: value)
  }
}

extension Double: BuildCodable {
  package func encode(to writer: inout ByteWriter) { writer.u64(bitPattern) }

  package init?(from reader: inout ByteReader) {
    guard let value = reader.u64() else { return nil }
    self = Double(bitPattern: value)
  }
}

extension Bool: BuildCodable {
  package func encode(to writer: inout ByteWriter) { writer.u8(self ? 1 : 0) }

  package init?(from reader: inout ByteReader) {
    switch reader.u8() {
    case 0: self = false
    case 1: self = true
    default: return nil
    }
  }
}

extension Optional: BuildCodable where Wrapped: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    guard let self else { return writer.u8(0) }
    writer.u8(1)
    self.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    switch reader.u8() {
    case 0: self = .none
    case 1:
      guard let value = Wrapped(from: &reader) else { return nil }
      self = .some(value)
    default: return nil
    }
  }
}

extension Array: BuildCodable where Element: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    writer.varint(count)
    for element in self { element.encode(to: &writer) }
  }

  package init?(from reader: inout ByteReader) {
    guard let count = reader.varint(), count <= reader.remaining else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for _ in 0..<count {
      guard let element = Element(from: &reader) else { return nil }
      elements.append(element)
    }
    self = elements
  }
}

extension Dictionary: BuildCodable where Key == String, Value: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    writer.varint(count)
    for key in keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      key.encode(to: &writer)
      self[key]!.encode(to: &writer)
    }
  }

  package init?(from reader: inout ByteReader) {
    guard let count = reader.varint(), count <= reader.remaining else { return nil }
    var entries: [String: Value] = [:]
    entries.reserveCapacity(count)
    for _ in 0..<count {
      guard let key = String(from: &reader), let value = Value(from: &reader) else { return nil }
      entries[key] = value
    }
    self = entries
  }
}

// MARK: Diagnostics
