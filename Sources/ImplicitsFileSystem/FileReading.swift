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
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if descriptor < 0 {
      let error = SystemError(code: errno)
      if error.code == ENOENT || error.code == ENOTDIR { throw .missing(error) }
      throw .unreadable(error)
    }
    defer { close(descriptor) }
    let status: FileStatus
    switch FileStatus.of(descriptor: descriptor) {
    case .success(let value): status = value
    case .failure(let error): throw .unreadable(error)
    }
    switch status.kind {
    case .file: break
    case .directory: throw .unreadable(SystemError(code: EISDIR))
    case .other(let what): throw .notRegular(what: what)
    }
    if status.size > limit { throw .tooLarge(size: status.size) }

    var result: [UInt8] = []
    result.reserveCapacity(max(status.size, 0))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { SystemCalls.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(SystemError(code: errno))
      }
      if count == 0 { break }
      result += chunk[0..<count]
      if result.count > limit { throw .tooLarge(size: result.count) }
    }
    return result
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
