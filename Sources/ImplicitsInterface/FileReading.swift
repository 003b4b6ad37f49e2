#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files with POSIX calls, telling a missing file from an
/// unreadable one and saying why in the system's words.
enum FileReading {
  enum Failure: Error, Equatable {
    case missing
    case unreadable(reason: String)
    /// Larger than the caller's limit (the file was not read).
    case tooLarge(size: Int)
  }

  /// The whole file at `path`, at most `limit` bytes.
  static func read(_ path: String, limit: Int = Int.max) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT || code == ENOTDIR || path.isEmpty { throw .missing }
      throw .unreadable(reason: systemMessage(code))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .unreadable(reason: systemMessage(errno)) }
    if info.st_mode & S_IFMT == S_IFDIR { throw .unreadable(reason: "it is a directory") }
    let announced = Int(info.st_size)
    if announced > limit { throw .tooLarge(size: announced) }

    var result: [UInt8] = []
    result.reserveCapacity(max(announced, 0))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw .unreadable(reason: systemMessage(code))
      }
      if count == 0 { break }
      result += chunk[0..<count]
      if result.count > limit { throw .tooLarge(size: result.count) }
    }
    return result
  }

  /// The size of the regular file at `path`, or nil when there is none.
  static func regularFileSize(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// `strerror`, e.g. "Permission denied".
  static func systemMessage(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message)
  }
}

/// The C functions whose names Swift members shadow.
enum Glue {
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
