import Foundation
import ImplicitsFileSystem
import Testing

/// Failures carry the path and the system's reason, and leave nothing
/// behind.
@Suite("AtomicFileWriter failures")
struct AtomicFileWriterErrorTests {
  static func entries(_ directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  @Test("the destination is a directory")
  func directoryDestination() throws {
    let root = try Scratch.directory().path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let destination = root + "/out"
    try FileManager.default.createDirectory(atPath: destination + "/inside", withIntermediateDirectories: true)
    do {
      try AtomicFileWriter.write([1, 2, 3], to: destination)
      Issue.record("a directory was replaced")
    } catch {
      #expect(error.path == destination)
      #expect(!error.reason.isEmpty)
      #expect(error.description.contains(destination))
    }
    #expect(try Self.entries(root) == ["out"])
    #expect(try Self.entries(destination) == ["inside"])
  }

  @Test("a parent that is a file")
  func fileParent() throws {
    let root = try Scratch.directory().path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try AtomicFileWriter.write([1], to: root + "/plain")
    do {
      try AtomicFileWriter.write([2], to: root + "/plain/sub/out")
      Issue.record("wrote below a file")
    } catch {
      #expect(error.path == root + "/plain/sub/out")
      #expect(error.reason.contains(root + "/plain"))
    }
    #expect(try Self.entries(root) == ["plain"])
  }

  @Test("an empty path")
  func emptyPath() {
    #expect(throws: FileError(path: "", operation: .write, cause: .emptyPath)) {
      try AtomicFileWriter.write([1], to: "")
    }
  }

  /// `root` relative to the current directory (which tests running in
  /// parallel must not change).
  static func relative(_ root: String) -> String {
    let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
    return String(repeating: "../", count: depth) + root.drop { $0 == "/" }
  }

  @Test("relative paths, with dot components")
  func relative() throws {
    let root = try Scratch.directory().path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let relative = Self.relative(root)
    #expect(try AtomicFileWriter.write(Array("x".utf8), to: relative + "/plain.txt"))
    #expect(try AtomicFileWriter.write(Array("y".utf8), to: "./" + relative + "/a/../b/c.txt"))
    #expect(FileManager.default.contents(atPath: root + "/plain.txt") == Data("x".utf8))
    #expect(FileManager.default.contents(atPath: root + "/b/c.txt") == Data("y".utf8))
    #expect(try AtomicFileWriter.write(Array("x".utf8), to: relative + "/plain.txt") == false)
    #expect(try Self.entries(root) == ["a", "b", "plain.txt"])
  }

  @Test("temporary names are recognized")
  func temporaryNames() {
    #expect(AtomicFileWriter.isTemporaryFile(".out.bin.tmp-Ab12Cd34Ef56"))
    #expect(!AtomicFileWriter.isTemporaryFile(".tmp-Ab12Cd34Ef56"))
    #expect(!AtomicFileWriter.isTemporaryFile("out.tmp-Ab12Cd34Ef56"))
    #expect(!AtomicFileWriter.isTemporaryFile(".out.tmp-abc"))
  }
}
