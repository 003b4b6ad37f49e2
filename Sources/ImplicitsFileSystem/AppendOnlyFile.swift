import SystemPackage

/// A file opened to append whole records to (a journal): each record is
/// one `write` in append mode, so a kill leaves it whole or cut short,
/// never interleaved with another.
public final class AppendOnlyFile: @unchecked Sendable {
  private var descriptor: FileDescriptor?
  public let path: String

  /// Opens `path`, which must exist, for appending.
  public init(path: String) throws(FileError) {
    self.path = path
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.append, .closeOnExec])
    } catch {
      throw FileError(path: path, operation: .write, errno: error as? Errno ?? .ioError)
    }
  }

  deinit { close() }

  /// Whether all of `bytes` were written; after a failure nothing more is.
  public func append(_ bytes: [UInt8]) -> Bool {
    guard let descriptor else { return false }
    do {
      guard try descriptor.writeAll(bytes) == bytes.count else { throw Errno.ioError }
      return true
    } catch {
      close()
      return false
    }
  }

  public func close() {
    try? descriptor?.close()
    descriptor = nil
  }
}
