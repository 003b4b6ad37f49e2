/// SHA-256, as specified by FIPS 180-4.
///
/// Written here rather than taken from swift-crypto: that package compiles
/// BoringSSL, which every user of the SwiftPM plugin would build too, for
/// one hash function.
///
///     SHA256.hash(bytes)            // 32 bytes
///     var hasher = SHA256()         // or incrementally
///     hasher.update(part1); hasher.update(part2)
///     let digest = hasher.finalize()
public struct SHA256: Sendable {
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  /// Bytes of an incomplete block, fewer than 64.
  private var pending: [UInt8] = []
  private var totalLength: UInt64 = 0

  public init() {
    pending.reserveCapacity(64)
  }

  /// The 32-byte digest of `bytes`.
  public static func hash(_ bytes: [UInt8]) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The digest of `bytes` as 64 lowercase hex digits.
  public static func hex(_ bytes: [UInt8]) -> String {
    hexString(hash(bytes))
  }

  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { update($0) }
  }

  public mutating func update(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBufferPointer { update($0) }
  }

  public mutating func update(_ buffer: UnsafeBufferPointer<UInt8>) {
    totalLength &+= UInt64(buffer.count)
    var index = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, buffer.count)
      pending += buffer[0..<take]
      index = take
      guard pending.count == 64 else { return }
      pending.withUnsafeBufferPointer { compress(blocks: $0) }
      pending.removeAll(keepingCapacity: true)
    }
    let fullBlocks = (buffer.count - index) / 64 * 64
    if fullBlocks > 0 {
      compress(blocks: UnsafeBufferPointer(rebasing: buffer[index..<(index + fullBlocks)]))
      index += fullBlocks
    }
    pending += buffer[index...]
  }

  /// The digest of everything passed to `update`. The hasher must not be
  /// used afterwards.
  public mutating func finalize() -> [UInt8] {
    let bitLength = totalLength &* 8
    var tail = pending
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
    tail.withUnsafeBufferPointer { compress(blocks: $0) }
    pending.removeAll()
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in state {
      digest += [
        UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
        UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
      ]
    }
    return digest
  }

  /// Lowercase hex of any bytes.
  public static func hexString(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      utf8.append(digits[Int(byte >> 4)])
      utf8.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Runs the compression function over whole 64-byte blocks.
  private mutating func compress(blocks: UnsafeBufferPointer<UInt8>) {
    precondition(blocks.count % 64 == 0)
    var schedule = [UInt32](repeating: 0, count: 64)
    let k = SHA256.roundConstants
    var h = state
    var start = 0
    while start < blocks.count {
      for i in 0..<16 {
        let base = start + i * 4
        schedule[i] = UInt32(blocks[base]) << 24 | UInt32(blocks[base + 1]) << 16 | UInt32(blocks[base + 2]) << 8
          | UInt32(blocks[base + 3])
      }
      for i in 16..<64 {
        let w15 = schedule[i - 15]
        let w2 = schedule[i - 2]
        let s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >> 3)
        let s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >> 10)
        schedule[i] = schedule[i - 16] &+ s0 &+ schedule[i - 7] &+ s1
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
      for i in 0..<64 {
        let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
        let choice = (e & f) ^ (~e & g)
        let temp1 = hh &+ sum1 &+ choice &+ k[i] &+ schedule[i]
        let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        let temp2 = sum0 &+ majority
        hh = g
        g = f
        f = e
        e = d &+ temp1
        d = c
        c = b
        b = a
        a = temp1 &+ temp2
      }
      h[0] &+= a
      h[1] &+= b
      h[2] &+= c
      h[3] &+= d
      h[4] &+= e
      h[5] &+= f
      h[6] &+= g
      h[7] &+= hh
      start += 64
    }
    state = h
  }

  @inline(__always)
  private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 &- count))
  }
}
