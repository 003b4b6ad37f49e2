import SystemPackage

/// Reads whole files, telling a missing file from an unreadable one, with
/// the system's `errno` for the message.
public enum FileReading {
  /// Sources and manifests larger than this are refused unread.
  public static let defaultLimit = 256 << 20

  /// The whole regular file at `path`, at most `limit` bytes. Anything else
  /// (a FIFO, a device, a socket, a directory) is refused without reading:
  /// it is opened without blocking, so that a FIFO with no writer cannot
  /// hang the tool.
  public static func read(_ path: String, limit: Int = defaultLimit) throws(FileError) -> [UInt8] {
    let file = try OpenFile(path, limit: limit)
    return try file.read(upTo: limit)
  }

  /// A regular file opened for reading, at most `limit` bytes by `stat`;
  /// closed when released. For readers that check a header before they
  /// read the rest.
  public final class OpenFile {
    private let descriptor: FileDescriptor
    private let path: String
    /// The file's size by `stat` when it was opened.
    public let size: Int

    /// Opens `path` without blocking and checks what it is, as `read` does.
    public init(_ path: String, limit: Int) throws(FileError) {
      let descriptor: FileDescriptor
      do {
        descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking])
      } catch {
        throw FileError(path: path, operation: .read, errno: error as? Errno ?? .ioError)
      }
      let status: FileStatus
      switch FileStatus.of(descriptor, path: path) {
      case .success(let value): status = value
      case .failure(let error):
        try? descriptor.close()
        throw error
      }
      let refusal: FileError.Cause?
      switch status.kind {
      case .file: refusal = status.size > limit ? .tooLarge(size: status.size) : nil
      case .directory: refusal = .system(.isDirectory)
      case .other(let what): refusal = .notRegular(what: what)
      }
      if let refusal {
        try? descriptor.close()
        throw FileError(path: path, operation: .read, cause: refusal)
      }
      self.descriptor = descriptor
      self.path = path
      self.size = status.size
    }

    deinit { try? descriptor.close() }

    /// The rest of the file, at most `count` more bytes: `tooLarge` when
    /// more follow (the file grew since it was opened).
    public func read(upTo count: Int) throws(FileError) -> [UInt8] {
      let result = try readPrefix(count)
      if result.count == count, try !readPrefix(1).isEmpty {
        throw FileError(path: path, operation: .read, cause: .tooLarge(size: max(size, count + 1)))
      }
      return result
    }

    /// The next `count` bytes at most, without checking what follows.
    public func readPrefix(_ count: Int) throws(FileError) -> [UInt8] {
      var result: [UInt8] = []
      result.reserveCapacity(max(min(count, size), 0))
      var chunk = [UInt8](repeating: 0, count: min(64 * 1024, max(count, 1)))
      while result.count < count {
        let wanted = min(chunk.count, count - result.count)
        let read: Int
        do {
          read = try chunk.withUnsafeMutableBytes { buffer in
            try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]), retryOnInterrupt: true)
          }
        } catch {
          throw FileError(path: path, operation: .read, errno: error as? Errno ?? .ioError)
        }
        if read == 0 { break }
        result += chunk[0..<read]
      }
      return result
    }
  }
}
