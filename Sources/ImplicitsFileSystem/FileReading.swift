#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files with POSIX calls, telling a missing file from an
/// unreadable one, with the system's `errno` for the message.
public enum FileReading {
  public enum Failure: Error, Equatable, Sendable {
    /// Nothing at the path (`ENOENT`, `ENOTDIR`).
    case missing(SystemError)
    /// Something there that cannot be read; `EISDIR` for a directory.
    case unreadable(SystemError)
    /// Larger than the caller's limit (the file was not read).
    case tooLarge(size: Int)
    /// Not a regular file (a FIFO, a device, a socket; not read).
    case notRegular(what: String)

    /// Why, in words: `no such file`, `it is a directory`, `it is a FIFO
    /// (named pipe)`, the system's message, `it is too large (N bytes)`.
    public var reason: String {
      switch self {
      case .missing: "no such file"
      case .unreadable(let error) where error.code == EISDIR: "it is a directory"
      case .unreadable(let error) where error.code == ELOOP: "it is a symbolic link that leads back to itself (a loop)"
      case .unreadable(let error): error.message
      case .tooLarge(let size): "it is too large (\(size) bytes)"
      case .notRegular(let what): "it is \(what), not a regular file"
      }
    }
  }

  /// Sources and manifests larger than this are refused unread.
  public static let defaultLimit = 256 << 20

  /// The whole regular file at `path`, at most `limit` bytes. Anything else
  /// (a FIFO, a device, a socket, a directory) is refused without reading:
  /// it is opened without blocking, so that a FIFO with no writer cannot
  /// hang the tool.
  public static func read(_ path: String, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
    let file = try OpenFile(path, limit: limit)
    return try file.read(upTo: limit)
  }

  /// A regular file opened for reading, at most `limit` bytes by `stat`;
  /// closed when released. For readers that check a header before they
  /// read the rest.
  public final class OpenFile {
    private let descriptor: Int32
    /// The file's size by `stat` when it was opened.
    public let size: Int

    /// Opens `path` without blocking and checks what it is, as `read` does.
    public init(_ path: String, limit: Int) throws(Failure) {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      if descriptor < 0 {
        let error = SystemError(code: errno)
        if error.code == ENOENT || error.code == ENOTDIR { throw .missing(error) }
        throw .unreadable(error)
      }
      let status: FileStatus
      switch FileStatus.of(descriptor: descriptor) {
      case .success(let value): status = value
      case .failure(let error):
        close(descriptor)
        throw .unreadable(error)
      }
      switch status.kind {
      case .file: break
      case .directory:
        close(descriptor)
        throw .unreadable(SystemError(code: EISDIR))
      case .other(let what):
        close(descriptor)
        throw .notRegular(what: what)
      }
      if status.size > limit {
        close(descriptor)
        throw .tooLarge(size: status.size)
      }
      self.descriptor = descriptor
      self.size = status.size
    }

    deinit { close(descriptor) }

    /// The rest of the file, at most `count` more bytes: `tooLarge` when
    /// more follow (the file grew since it was opened).
    public func read(upTo count: Int) throws(Failure) -> [UInt8] {
      let result = try readPrefix(count)
      if result.count == count, try !readPrefix(1).isEmpty { throw .tooLarge(size: max(size, count + 1)) }
      return result
    }

    /// The next `count` bytes at most, without checking what follows.
    public func readPrefix(_ count: Int) throws(Failure) -> [UInt8] {
      var result: [UInt8] = []
      result.reserveCapacity(max(min(count, size), 0))
      var chunk = [UInt8](repeating: 0, count: min(64 * 1024, max(count, 1)))
      while result.count < count {
        let read = chunk.withUnsafeMutableBytes {
          SystemCalls.read(descriptor, $0.baseAddress, min($0.count, count - result.count))
        }
        if read < 0 {
          if errno == EINTR { continue }
          throw .unreadable(SystemError(code: errno))
        }
        if read == 0 { break }
        result += chunk[0..<read]
      }
      return result
    }
  }
}

/// The C functions whose names Swift members shadow.
enum SystemCalls {
  static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, buffer, count)
    #else
      Darwin.write(descriptor, buffer, count)
    #endif
  }
}
