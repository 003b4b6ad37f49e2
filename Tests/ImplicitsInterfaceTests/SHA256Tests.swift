import Testing
@testable import ImplicitsInterface

/// The FIPS 180-4 / NIST example vectors.
@Suite("SHA-256")
struct SHA256Tests {
  @Test(
    "standard vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
      (
        "The quick brown fox jumps over the lazy dog",
        "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"
      ),
    ])
  func vector(message: String, digest: String) {
    #expect(SHA256.hex(Array(message.utf8)) == digest)
    #expect(SHA256.hash(Array(message.utf8)).count == 32)
  }

  @Test("one million 'a'")
  func millionA() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(SHA256.hex(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Lengths around the padding boundaries (55, 56, 63, 64 bytes) go
  /// through one or two final blocks; each must differ from its neighbours
  /// and match the known digest of 64 'a'.
  @Test("padding boundaries")
  func paddingBoundaries() {
    let digests = (50...70).map { SHA256.hex([UInt8](repeating: 0x61, count: $0)) }
    #expect(Set(digests).count == digests.count)
    #expect(
      SHA256.hex([UInt8](repeating: 0x61, count: 64))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    #expect(
      SHA256.hex([UInt8](repeating: 0x61, count: 56))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
  }
}
