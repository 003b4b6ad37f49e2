#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// A write that failed, with the path and the system's reason.
  public struct Failure: Error, CustomStringConvertible, Equatable, Sendable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }

    public var description: String { "cannot write '\(path)': \(reason)" }
  }

  /// Writes `bytes` to `path` unless the file already holds exactly them,
  /// creating the parent directories if needed. Returns whether the file
  /// was written.
  @discardableResult
  public static func writeIfChanged(_ bytes: [UInt8], to path: String) throws -> Bool {
    try write(bytes, to: path)
  }

  /// `writeIfChanged` with the precise error type.
  @discardableResult
  public static func write(_ bytes: [UInt8], to path: String) throws(Failure) -> Bool {
    guard !path.isEmpty else { throw Failure(path: path, reason: "the path is empty") }
    if case .success(let status) = FileStatus.of(path), status.kind == .file, status.size == bytes.count,
      let existing = try? FileReading.read(path), existing == bytes
    {
      return false
    }
    let (directory, name) = split(path)
    try createDirectories(directory, for: path)

    let (descriptor, temporary) = try createTemporaryFile(in: directory, for: name, path: path)
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count {
        let result = SystemCalls.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          failure = SystemError(code: errno).message
          return
        }
        written += result
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = SystemError(code: errno).message }
    if close(descriptor) != 0, failure == nil { failure = SystemError(code: errno).message }
    if failure == nil, rename(temporary, path) != 0 { failure = SystemError(code: errno).message }
    if let failure {
      unlink(temporary)
      throw Failure(path: path, reason: failure)
    }
    return true
  }

  /// Whether `name` is one of this writer's temporary files
  /// (`.<name>.tmp-<random>`), which is left behind only if the process is
  /// killed between creating and renaming it.
  public static func isTemporaryFile(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    let marker = Array(".tmp-".utf8)
    guard bytes.first == UInt8(ascii: "."), bytes.count >= 1 + 1 + marker.count + 6 else { return false }
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
  public static func makeDirectories(_ directory: String) throws(SystemError) {
    do {
      try createDirectories(directory, for: directory)
    } catch {
      throw SystemError(code: errno == 0 ? EIO : errno)
    }
  }

  /// `mkdir -p`.
  private static func createDirectories(_ directory: String, for path: String) throws(Failure) {
    guard !directory.isEmpty, !isDirectory(directory) else { return }
    let (parent, _) = split(directory)
    if parent != directory { try createDirectories(parent, for: path) }
    if mkdir(directory, 0o777) != 0 && !(errno == EEXIST && isDirectory(directory)) {
      throw Failure(path: path, reason: "cannot create the directory '\(directory)': \(SystemError(code: errno).message)")
    }
  }

  private static func isDirectory(_ path: String) -> Bool {
    if case .success(let status) = FileStatus.of(path) { return status.kind == .directory }
    return false
  }

  /// A new file `.<name>.tmp-<12 random characters>` next to the destination.
  private static func createTemporaryFile(in directory: String, for name: String, path: String) throws(Failure) -> (Int32, String) {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    for _ in 0..<100 {
      let suffix = String((0..<12).map { _ in alphabet.randomElement()! })
      let temporary = (directory.isEmpty ? "" : directory == "/" ? "/" : directory + "/") + "." + name + ".tmp-" + suffix
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 { return (descriptor, temporary) }
      if errno != EEXIST { throw Failure(path: path, reason: SystemError(code: errno).message) }
    }
    throw Failure(path: path, reason: "cannot create a temporary file next to it")
  }
}
