#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's size and modification time: when both are as recorded, the
/// build takes the file to be unchanged without reading it (as make and
/// ninja do, with nanosecond times).
struct FileStamp: Codable, Equatable, Sendable {
  var size: Int
  /// Nanoseconds since 1970.
  var modified: Int64

  init(size: Int, modified: Int64) {
    self.size = size
    self.modified = modified
  }

  /// The stamp of the file at `path`, or nil when it cannot be read.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    size = Int(info.st_size)
    #if canImport(Darwin)
      modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
      modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
  }
}
