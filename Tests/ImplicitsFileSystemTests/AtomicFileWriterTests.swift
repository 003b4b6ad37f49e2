import Foundation
import ImplicitsFileSystem
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("AtomicFileWriter")
struct AtomicFileWriterTests {
  struct Identity: Equatable {
    var inode: UInt64
    var modified: Date
    var mode: UInt32
  }

  static func identity(_ path: String) throws -> Identity {
    var info = stat()
    guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return Identity(
      inode: UInt64(info.st_ino), modified: attributes[.modificationDate] as! Date, mode: UInt32(info.st_mode) & 0o777)
  }

  static func leftovers(in directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.contains(".tmp-") || AtomicFileWriter.isTemporaryFile($0)
    }
  }

  @Test("writes the bytes, creating the directories")
  func writes() throws {
    let root = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let directory = root.appendingPathComponent("a/b/c").path
    let path = directory + "/Catalog.implicitinterface"
    let bytes = Scratch.bytes
    #expect(try AtomicFileWriter.write(bytes, to: path))
    #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == bytes)
    #expect(try Self.leftovers(in: directory).isEmpty)
  }

  @Test("does not rewrite equal bytes")
  func unchanged() throws {
    let root = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("out.bin").path
    let bytes: [UInt8] = Array("same bytes".utf8)
    #expect(try AtomicFileWriter.write(bytes, to: path))
    // Make the modification date distinguishable from a rewrite.
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
    let before = try Self.identity(path)
    #expect(try AtomicFileWriter.write(bytes, to: path) == false)
    let after = try Self.identity(path)
    #expect(after == before)
    #expect(after.modified == Date(timeIntervalSince1970: 1_000_000))

    // Different bytes replace the file (a new inode: renamed over it).
    #expect(try AtomicFileWriter.write(bytes + [0x0A], to: path))
    let replaced = try Self.identity(path)
    #expect(replaced.modified != before.modified)
    #expect(replaced.inode != before.inode)
    #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == bytes + [0x0A])
    // A prefix of the old bytes is a change too.
    #expect(try AtomicFileWriter.write(bytes, to: path))
    #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == bytes)
    #expect(try Self.leftovers(in: root.path).isEmpty)
  }

  @Test("empty files")
  func empty() throws {
    let root = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("empty").path
    #expect(try AtomicFileWriter.write([], to: path))
    #expect(FileManager.default.contents(atPath: path)?.isEmpty == true)
    #expect(try AtomicFileWriter.write([], to: path) == false)
    #expect(try AtomicFileWriter.write([1], to: path))
  }

  /// The file gets the mode any other output gets (0666 less the umask),
  /// and the process umask is left alone, even with many writers at once.
  @Test("modes and umask under concurrent writes")
  func concurrentModes() async throws {
    let root = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let umaskBefore = Self.currentUmask()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          try AtomicFileWriter.write(Array("file \(index)".utf8), to: root.path + "/d\(index % 7)/f\(index)")
        }
      }
      try await group.waitForAll()
    }
    #expect(Self.currentUmask() == umaskBefore)
    for index in 0..<200 {
      let path = root.path + "/d\(index % 7)/f\(index)"
      #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == Array("file \(index)".utf8))
      if let umaskBefore {
        #expect(try Self.identity(path).mode == 0o666 & ~umaskBefore, "\(path)")
      }
    }
    for index in 0..<7 { #expect(try Self.leftovers(in: root.path + "/d\(index)").isEmpty) }
  }

  /// The umask, read without changing it (Linux); nil elsewhere.
  static func currentUmask() -> UInt32? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") })
    else { return nil }
    return UInt32(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
  }

  @Test("a path whose directory cannot be created")
  func failure() throws {
    let root = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let blocker = root.appendingPathComponent("file").path
    try AtomicFileWriter.write([1], to: blocker)
    #expect(throws: FileError.self) {
      try AtomicFileWriter.write([2], to: blocker + "/inside/out")
    }
    #expect(try Self.leftovers(in: root.path).isEmpty)
  }

  @Test("temporary file names")
  func temporaryNames() {
    #expect(AtomicFileWriter.isTemporaryFile(".Catalog.implicitinterface.tmp-a1B2c3"))
    #expect(!AtomicFileWriter.isTemporaryFile("Catalog.implicitinterface"))
    #expect(!AtomicFileWriter.isTemporaryFile(".gitignore"))
  }
}
