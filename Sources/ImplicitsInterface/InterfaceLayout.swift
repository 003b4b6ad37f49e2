/// Constants of the `.implicitinterface` binary layout (see
/// docs/interface-format.md).
enum InterfaceLayout {
  /// `\x89 I M P I F \r \n`: the high byte catches 7-bit transfers, the
  /// line ending catches newline conversion.
  static let magic: [UInt8] = [0x89, 0x49, 0x4D, 0x50, 0x49, 0x46, 0x0D, 0x0A]
  static let headerSize = 64
  static let sectionEntrySize = 12
  /// Offset of the checksum field; the checksum covers every byte after it.
  static let checksumOffset = 16
  static let fingerprintOffset = 24

  enum Section: UInt32, CaseIterable {
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
  }

  static let namedKeyEntrySize = 20
  static let typealiasEntrySize = 20
  static let typeIndexEntrySize = 16
  static let functionIndexEntrySize = 16
  static let upstreamEntrySize = 40
  static let stringReferenceSize = 8
}
