#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import SystemPackage

/// Writes files so that no reader ever sees half of one: the bytes go to a
/// new temporary file in the same directory, are flushed to disk, and the
/// temporary file is renamed over the destination (POSIX `rename` replaces
/// it atomically). A file that already holds the bytes is not touched, so
/// build systems that compare timestamps (make, ninja with `restat`) can
/// skip the work downstream of it.
///
/// The file is created with mode 0666 less the process umask, like any
/// other output; the umask is never changed (it is process-wide, and other
/// threads may be creating files).
public enum AtomicFileWriter {
  /// Writes `bytes` to `path` unless the file already holds exactly them,
  /// creating the parent directories if needed. Returns whether the file
  /// was written.
  @discardableResult
  public static func write(_ bytes: [UInt8], to path: String) throws(FileError) -> Bool {
    guard !path.isEmpty else { throw FileError(path: path, operation: .write, cause: .emptyPath) }
    if case .success(let status) = FileStatus.of(path), status.kind == .file, status.size == bytes.count,
      let existing = try? FileReading.read(path), existing == bytes
    {
      return false
    }
    let (directory, name) = split(path)
    try createDirectories(directory, for: path)

    let (descriptor, temporary) = try createTemporaryFile(in: directory, for: name, path: path)
    var failure: Errno?
    do {
      _ = try descriptor.writeAll(bytes)
    } catch {
      failure = error as? Errno ?? .ioError
    }
    if failure == nil, fsync(descriptor.rawValue) != 0 { failure = Errno(rawValue: errno) }
    do {
      try descriptor.close()
    } catch {
      if failure == nil { failure = error as? Errno ?? .ioError }
    }
    if failure == nil, rename(temporary, path) != 0 { failure = Errno(rawValue: errno) }
    if let failure {
      unlink(temporary)
      throw FileError(path: path, operation: .write, errno: failure)
    }
    return true
  }

  /// Whether `name` is one of this writer's temporary files
  /// (`.<name>.tmp-<random>`), which is left behind only if the process is
  /// killed between creating and renaming it.
  public static func isTemporaryFile(_ name: String) -> Bool {
    // A build asks this of every file in its output folders: most do not
    // start with `.`, and are refused before anything is made.
    guard name.utf8.first == UInt8(ascii: ".") else { return false }
    let bytes = Array(name.utf8)
    let marker = Array(".tmp-".utf8)
    guard bytes.count >= 1 + 1 + marker.count + 6 else { return false }
    // `.`, at least one byte of name, the marker, at least six random bytes.
    for start in stride(from: bytes.count - marker.count - 6, through: 2, by: -1)
    where bytes[start..<(start + marker.count)].elementsEqual(marker) {
      return true
    }
    return false
  }

  // MARK: Steps

  /// The directory (empty for the current one) and the file name.
  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  /// `mkdir -p directory`.
  public static func makeDirectories(_ directory: String) throws(FileError) {
    try createDirectories(directory, for: directory)
  }

  /// `mkdir -p`.
  private static func createDirectories(_ directory: String, for path: String) throws(FileError) {
    guard !directory.isEmpty, !isDirectory(directory) else { return }
    let (parent, _) = split(directory)
    if parent != directory { try createDirectories(parent, for: path) }
    if mkdir(directory, 0o777) != 0 && !(errno == EEXIST && isDirectory(directory)) {
      throw FileError(path: path, operation: .write, cause: .directoryNotCreated(directory, Errno(rawValue: errno)))
    }
  }

  private static func isDirectory(_ path: String) -> Bool {
    if case .success(let status) = FileStatus.of(path) { return status.kind == .directory }
    return false
  }

  /// A new file `.<name>.tmp-<12 random characters>` next to the destination.
  private static func createTemporaryFile(in directory: String, for name: String, path: String) throws(FileError)
    -> (FileDescriptor, String)
  {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    for _ in 0..<100 {
      let suffix = String((0..<12).map { _ in alphabet.randomElement()! })
      let temporary = (directory.isEmpty ? "" : directory == "/" ? "/" : directory + "/") + "." + name + ".tmp-" + suffix
      do {
        let descriptor = try FileDescriptor.open(
          FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
          permissions: [.ownerReadWrite, .groupReadWrite, .otherReadWrite])
        return (descriptor, temporary)
      } catch let error as Errno where error == .fileExists {
        continue
      } catch {
        throw FileError(path: path, operation: .write, errno: error as? Errno ?? .ioError)
      }
    }
    throw FileError(path: path, operation: .write, cause: .noTemporaryFile)
  }
}
