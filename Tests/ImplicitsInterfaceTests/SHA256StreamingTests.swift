import Testing
@testable import ImplicitsInterface

/// The incremental interface gives the one-shot digest however the input
/// is split.
@Suite("SHA-256, incrementally")
struct SHA256StreamingTests {
  static func message(_ length: Int) -> [UInt8] { (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) } }

  @Test("every split of messages around the block boundaries", arguments: [0, 1, 55, 56, 63, 64, 65, 119, 128, 200])
  func splits(length: Int) {
    let message = Self.message(length)
    let expected = SHA256.hash(message)
    for split in 0...length {
      var hasher = SHA256()
      hasher.update(Array(message[..<split]))
      hasher.update(message[split...])
      #expect(hasher.finalize() == expected, "length \(length) split at \(split)")
    }
  }

  @Test("many small and empty chunks")
  func chunks() {
    let message = Self.message(1000)
    var hasher = SHA256()
    var offset = 0
    var size = 0
    while offset < message.count {
      let end = min(message.count, offset + size)
      hasher.update(message[offset..<end])
      hasher.update([])
      offset = end
      size = (size + 1) % 70
    }
    #expect(hasher.finalize() == SHA256.hash(message))
  }

  @Test("the NIST two-block vector, fed byte by byte")
  func byteByByte() {
    let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    var hasher = SHA256()
    for byte in message { hasher.update([byte]) }
    #expect(SHA256.hexString(hasher.finalize()) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }
}
