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
  }

  /// The whole file at `path`, at most `limit` bytes.
  public static func read(_ path: String, limit: Int = Int.max) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
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
    if status.kind == .directory { throw .unreadable(SystemError(code: EISDIR)) }
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
