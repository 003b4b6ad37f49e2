#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system calls of the manifest and the build, behind one seam:
/// `LocalFileSystem` on disk, or a file system in memory for tests that
/// check the build's decisions without touching the disk.
public protocol FileSystem: Sendable {
  /// What is at `path`, following symbolic links.
  func status(_ path: String) -> Result<FileStatus, FileError>
  /// Whether `path` itself is a symbolic link.
  func isSymbolicLink(_ path: String) -> Bool
  /// The names in a directory, without `.` and `..`, in no particular order.
  func entries(of directory: String) -> Result<[String], FileError>
  /// The whole regular file at `path`, at most `limit` bytes.
  func read(_ path: String, limit: Int) throws(FileError) -> [UInt8]
  /// The first `count` bytes at most of the regular file at `path`.
  func readPrefix(_ path: String, count: Int) throws(FileError) -> [UInt8]
  /// Writes `bytes` atomically unless the file already holds them, making
  /// the parent directories; whether it wrote.
  @discardableResult
  func write(_ bytes: [UInt8], to path: String) throws(FileError) -> Bool
  /// Removes the file at `path`, if there is one.
  func remove(_ path: String)
  /// Opens the existing file at `path` to append records to.
  func openForAppending(_ path: String) throws(FileError) -> any AppendingFile
  /// Takes the exclusive lock of `directory` (see `DirectoryLock`), held
  /// while the returned value lives; nil when `shouldStop` said so first.
  func lock(
    _ directory: String, waiting: (Int32?) -> Void, shouldStop: () -> Bool
  ) throws(FileError) -> AnyObject?
}

extension FileSystem {
  public func read(_ path: String) throws(FileError) -> [UInt8] {
    try read(path, limit: FileReading.defaultLimit)
  }
}

/// A file that records are appended to, each in one call.
public protocol AppendingFile: AnyObject, Sendable {
  /// Whether all of `bytes` were written; after a failure nothing more is.
  func append(_ bytes: [UInt8]) -> Bool
  func close()
}

extension AppendOnlyFile: AppendingFile {}

/// The file system on disk.
public struct LocalFileSystem: FileSystem {
  public init() {}

  public func status(_ path: String) -> Result<FileStatus, FileError> { FileStatus.of(path) }

  public func isSymbolicLink(_ path: String) -> Bool { FileStatus.isSymbolicLink(path) }

  public func entries(of directory: String) -> Result<[String], FileError> { DirectoryEntries.names(in: directory) }

  public func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] { try FileReading.read(path, limit: limit) }

  public func readPrefix(_ path: String, count: Int) throws(FileError) -> [UInt8] {
    try FileReading.OpenFile(path, limit: .max).readPrefix(count)
  }

  @discardableResult
  public func write(_ bytes: [UInt8], to path: String) throws(FileError) -> Bool {
    try AtomicFileWriter.write(bytes, to: path)
  }

  public func remove(_ path: String) { unlink(path) }

  public func openForAppending(_ path: String) throws(FileError) -> any AppendingFile { try AppendOnlyFile(path: path) }

  public func lock(
    _ directory: String, waiting: (Int32?) -> Void, shouldStop: () -> Bool
  ) throws(FileError) -> AnyObject? {
    try DirectoryLock.acquire(directory, waiting: waiting, shouldStop: shouldStop)
  }
}
