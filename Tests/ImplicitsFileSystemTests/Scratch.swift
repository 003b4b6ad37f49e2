import Foundation

/// What the file-system tests write: fresh folders and sample bytes.
enum Scratch {
  /// A fresh empty directory, removed by the caller.
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fs-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Bytes like an interface file's: a header and varied content.
  static let bytes: [UInt8] = Array("IMPLICIT".utf8) + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
}
