/// FNV-1a, 64 bits: the checksum of an interface file.
///
/// Every step (`xor` a byte, multiply by an odd prime modulo 2^64) is a
/// bijection of the state, so two inputs of equal length that differ in a
/// single byte always hash differently: every single-byte corruption is
/// caught. (The fingerprint, a SHA-256, identifies content; the checksum
/// only guards against damage.)
package enum FNV1a {
  package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  package static let prime: UInt64 = 0x0000_0100_0000_01b3

  package static func hash(_ bytes: ArraySlice<UInt8>, continuing state: UInt64 = offsetBasis) -> UInt64 {
    bytes.withUnsafeBufferPointer { buffer in
      var hash = state
      for byte in buffer {
        hash ^= UInt64(byte)
        hash = hash &* prime
      }
      return hash
    }
  }
}
