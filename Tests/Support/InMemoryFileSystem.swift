import Foundation
import ImplicitsFileSystem
import SystemPackage

/// A file system in memory, for tests of the build's decisions that must
/// not touch the disk: files with bytes and a modification time (a clock
/// that ticks once per write), directories made as files are written.
/// Safe to use from several threads.
public final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
  private struct File {
    var bytes: [UInt8]
    var modified: Int64
    var inode: UInt64
  }

  private let lock = NSLock()
  private var files: [String: File] = [:]
  private var directories: Set<String> = ["/"]
  /// Owners other than the user the tests run as, by path.
  private var owners: [String: UInt32] = [:]
  private var clock: Int64 = 1_000_000_000
  private var nextInode: UInt64 = 1
  /// Every path read, in order (a test can check what a build looked at).
  public private(set) var reads: [String] = []
  /// Every path written, in order.
  public private(set) var writes: [String] = []

  public init() {}

  // MARK: For tests

  /// Writes `text` at `path` as a user would (the clock ticks).
  public func put(_ text: String, at path: String) {
    _ = try? write(Array(text.utf8), to: path)
  }

  /// The text at `path`, nil when there is no file.
  public func text(at path: String) -> String? {
    lock.withLock { files[path].map { String(decoding: $0.bytes, as: UTF8.self) } }
  }

  /// Makes another user the owner of the file or folder at `path`.
  public func setOwner(_ owner: UInt32, of path: String) {
    lock.withLock { owners[path] = owner }
  }

  /// Gives the file a new modification time without changing its bytes.
  public func touch(_ path: String) {
    lock.withLock {
      clock += 1_000
      files[path]?.modified = clock
    }
  }

  /// Forgets which paths were read and written.
  public func clearLog() {
    lock.withLock {
      reads = []
      writes = []
    }
  }

  public var allFiles: [String] { lock.withLock { files.keys.sorted() } }

  // MARK: FileSystem

  public func status(_ path: String) -> Result<FileStatus, FileError> {
    lock.withLock {
      if let file = files[path] {
        return .success(
          FileStatus(
            kind: .file, size: file.bytes.count, modified: file.modified,
            identity: FileStatus.Identity(device: 1, inode: file.inode), owner: owners[path] ?? geteuid()))
      }
      if directories.contains(path) {
        return .success(
          FileStatus(
            kind: .directory, size: 0, modified: 0, identity: FileStatus.Identity(device: 1, inode: UInt64(abs(path.hashValue))),
            owner: owners[path] ?? geteuid()))
      }
      return .failure(FileError(path: path, operation: .status, errno: .noSuchFileOrDirectory))
    }
  }

  public func isSymbolicLink(_ path: String) -> Bool { false }

  public func entries(of directory: String) -> Result<[String], FileError> {
    lock.withLock {
      guard directories.contains(directory) else {
        return .failure(FileError(path: directory, operation: .list, errno: .noSuchFileOrDirectory))
      }
      let prefix = directory == "/" ? "/" : directory + "/"
      var names = Set<String>()
      for path in files.keys where path.hasPrefix(prefix) {
        names.insert(String(path.dropFirst(prefix.count).prefix { $0 != "/" }))
      }
      for path in directories where path.hasPrefix(prefix) && path != directory {
        names.insert(String(path.dropFirst(prefix.count).prefix { $0 != "/" }))
      }
      return .success(Array(names))
    }
  }

  public func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
    let bytes = try readPrefix(path, count: .max)
    guard bytes.count <= limit else { throw FileError(path: path, operation: .read, cause: .tooLarge(size: bytes.count)) }
    return bytes
  }

  public func readPrefix(_ path: String, count: Int) throws(FileError) -> [UInt8] {
    let found: [UInt8]? = lock.withLock {
      reads.append(path)
      return files[path].map { Array($0.bytes.prefix(count)) }
    }
    guard let found else {
      let isDirectory = lock.withLock { directories.contains(path) }
      throw FileError(path: path, operation: .read, errno: isDirectory ? .isDirectory : .noSuchFileOrDirectory)
    }
    return found
  }

  @discardableResult
  public func write(_ bytes: [UInt8], to path: String) throws(FileError) -> Bool {
    lock.withLock {
      if files[path]?.bytes == bytes { return false }
      var directory = (path as NSString).deletingLastPathComponent
      while !directory.isEmpty, directories.insert(directory).inserted, directory != "/" {
        directory = (directory as NSString).deletingLastPathComponent
      }
      clock += 1_000
      nextInode += 1
      files[path] = File(bytes: bytes, modified: clock, inode: nextInode)
      writes.append(path)
      return true
    }
  }

  public func remove(_ path: String) {
    lock.withLock { _ = files.removeValue(forKey: path) }
  }

  public func openForAppending(_ path: String) throws(FileError) -> any AppendingFile {
    guard lock.withLock({ files[path] != nil }) else {
      throw FileError(path: path, operation: .write, errno: .noSuchFileOrDirectory)
    }
    return Appender(fileSystem: self, path: path)
  }

  public func lock(_ directory: String, waiting: (Int32?) -> Void, shouldStop: () -> Bool) throws(FileError) -> AnyObject? {
    lock.withLock { _ = directories.insert(directory) }
    return Appender(fileSystem: self, path: directory)
  }

  fileprivate func append(_ bytes: [UInt8], to path: String) -> Bool {
    lock.withLock {
      guard files[path] != nil else { return false }
      clock += 1_000
      files[path]!.bytes += bytes
      files[path]!.modified = clock
      writes.append(path)
      return true
    }
  }

  private final class Appender: AppendingFile, @unchecked Sendable {
    let fileSystem: InMemoryFileSystem
    let path: String
    var closed = false

    init(fileSystem: InMemoryFileSystem, path: String) {
      self.fileSystem = fileSystem
      self.path = path
    }

    func append(_ bytes: [UInt8]) -> Bool { !closed && fileSystem.append(bytes, to: path) }
    func close() { closed = true }
  }
}
