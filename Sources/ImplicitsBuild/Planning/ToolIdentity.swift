import Foundation
import ImplicitsInterface

/// The tool as each module's record names it, and as the up-to-date check
/// compares it: its version and, where the running executable carries one,
/// its build ID — the hash of its contents that the linker writes (ELF's
/// `NT_GNU_BUILD_ID` note). So a tool rebuilt from other sources makes the
/// next build analyze every module again, even when its version stayed; the
/// same binary on another machine (a CI cache restored elsewhere) does not.
/// Without a build ID (another platform, a linker that writes none), the
/// version alone.
///
/// A build whose analyses run in worker processes of another executable
/// (a program that embeds the build and starts `implicits build-worker`)
/// checks records against that executable's identity (`of(executable:)`),
/// which its workers write into them.
public enum ToolIdentity {
  public static let current: String = of(executable: "/proc/self/exe")

  /// The identity of the executable at `path` (with this version).
  public static func of(executable path: String) -> String {
    let id = buildID(of: path)
    return id.isEmpty ? ToolVersion.current : "\(ToolVersion.current) build \(id.prefix(12))"
  }

  /// The build ID of the executable at `path` (the running one by
  /// default) in hex, or "" when it has none: its ELF header, its program
  /// headers, and its note segments (a few kilobytes).
  static func buildID(of path: String = "/proc/self/exe") -> String {
    #if os(Linux)
      guard let file = FileHandle(forReadingAtPath: path) else { return "" }
      defer { try? file.close() }
      func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
        guard count > 0, count <= 1 << 20, (try? file.seek(toOffset: offset)) != nil,
          let data = try? file.read(upToCount: count), data.count == count
        else { return nil }
        return Array(data)
      }
      // 64-bit little-endian ELF only (what Swift on Linux makes here).
      guard let header = read(0, 64), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else {
        return ""
      }
      func load<T: FixedWidthInteger>(_ bytes: [UInt8], _ at: Int, as: T.Type) -> T {
        bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: T.self)) }
      }
      let tableOffset = load(header, 32, as: UInt64.self)
      let (entrySize, count) = (Int(load(header, 54, as: UInt16.self)), Int(load(header, 56, as: UInt16.self)))
      guard entrySize >= 56, let table = read(tableOffset, entrySize * count) else { return "" }
      for entry in stride(from: 0, to: entrySize * count, by: entrySize) where load(table, entry, as: UInt32.self) == 4 {
        // PT_NOTE: its notes lie at p_offset, p_filesz bytes long.
        guard let notes = read(load(table, entry + 8, as: UInt64.self), Int(load(table, entry + 32, as: UInt64.self))),
          let id = notes.withUnsafeBytes({ Self.gnuBuildID(in: $0) })
        else { continue }
        return SHA256.hexString(id)
      }
      return ""
    #else
      return ""
    #endif
  }

  /// The descriptor of the `NT_GNU_BUILD_ID` note (type 3, name "GNU") among
  /// the notes of one segment: each a 4-byte name size, descriptor size and
  /// type, then the name and the descriptor, each padded to 4 bytes.
  static func gnuBuildID(in notes: UnsafeRawBufferPointer) -> [UInt8]? {
    var at = 0
    while at + 12 <= notes.count {
      let nameSize = Int(notes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
      let descriptorSize = Int(notes.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self))
      let type = notes.loadUnaligned(fromByteOffset: at + 8, as: UInt32.self)
      let name = at + 12
      let descriptor = name + (nameSize + 3) & ~3
      let next = descriptor + (descriptorSize + 3) & ~3
      guard next <= notes.count else { return nil }
      if type == 3, nameSize == 4, Array(notes[name..<name + 4]) == Array("GNU\u{0}".utf8) {
        return Array(notes[descriptor..<descriptor + descriptorSize])
      }
      at = next
    }
    return nil
  }
}
