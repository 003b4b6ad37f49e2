import ImplicitsFileSystem

/// A file's size and modification time: when both are as recorded, the
/// build takes the file to be unchanged without reading it (as make and
/// ninja do, with nanosecond times).
struct FileStamp: Equatable, Sendable {
  var size: Int
  /// Nanoseconds since 1970.
  var modified: Int64

  init(size: Int, modified: Int64) {
    self.size = size
    self.modified = modified
  }

  /// The stamp of the file at `path`, or nil when it cannot be read.
  init?(path: String, in fileSystem: any FileSystem) {
    guard case .success(let status) = fileSystem.status(path) else { return nil }
    self.init(size: status.size, modified: status.modified)
  }
}
