/// Constants of the `.implicitinterface` binary layout, format 1.x. The
/// layout is documented byte by byte in docs/interface-format.md.
enum InterfaceLayout {
  /// `\x89 I M P I F \r \n`: the high first byte catches 7-bit transfers,
  /// the line ending catches newline conversion.
  static let magic: [UInt8] = [0x89, 0x49, 0x4D, 0x50, 0x49, 0x46, 0x0D, 0x0A]

  static let majorOffset = 8
  static let minorOffset = 10
  static let lengthOffset = 12
  /// Offset of the checksum field (u64). The checksum covers every byte of
  /// the file except these 8.
  static let checksumOffset = 16
  static let fingerprintOffset = 24
  static let sectionCountOffset = 56
  static let reservedOffset = 60
  /// The fixed header; the section table follows it.
  static let headerSize = 64
  /// kind u32, offset u32, length u32.
  static let sectionEntrySize = 12

  /// Section kinds of format 1.0. Kinds a reader does not know come from a
  /// later minor version and are skipped.
  enum Section: UInt32, CaseIterable, Sendable {
    case strings = 1
    case module = 2
    case upstream = 3
    case reexports = 4
    case namedKeys = 5
    case typealiases = 6
    case typeIndex = 7
    case typeRecords = 8
    case functionIndex = 9
    case functionRecords = 10

    /// The module section (tool version, module name) and the upstream
    /// records describe how the file was made; every other section is
    /// content and enters the fingerprint.
    static func isFingerprinted(kind: UInt32) -> Bool {
      kind != Section.module.rawValue && kind != Section.upstream.rawValue
    }
  }

  /// name u32, value type u32, visibility u8, flags u8 (bit 0: stored).
  static let namedKeyEntrySize = 10
  /// name u32, target u32, visibility u8, flags u8 (none yet).
  static let typealiasEntrySize = 10
  /// name u32, record offset u32, record length u32.
  static let typeIndexEntrySize = 12
  /// owner u32 (0: none, else string id + 1), base name u32, records
  /// offset u32, records length u32, record count u32.
  static let functionIndexEntrySize = 20
  /// The longest inline string (tool version, module names of the module
  /// and upstream sections), in UTF-8 bytes: its length is a u16.
  static let inlineStringMaximum = Int(UInt16.max)

  /// The checksum of a whole file: FNV-1a-64 over every byte but the
  /// checksum field itself (bytes 0..<16, then 24..<end).
  static func checksum(of file: [UInt8]) -> UInt64 {
    let split = min(checksumOffset, file.count)
    let resume = min(checksumOffset + 8, file.count)
    return FNV1a.hash(file[resume...], continuing: FNV1a.hash(file[..<split]))
  }
}
