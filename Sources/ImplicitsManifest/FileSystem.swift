#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX calls the manifest needs, with errors as `strerror` text.
/// POSIX rather than Foundation so that directory walking can see device
/// and inode numbers (to stop at symbolic-link loops) and so that error
/// messages are the short ones users know ("No such file or directory").
enum FileSystem {
  enum Kind: Equatable {
    case file, directory, other
  }

  struct Status {
    var kind: Kind
    /// Device and inode: identifies a directory however it was reached.
    var identity: DirectoryIdentity
  }

  struct DirectoryIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  /// The largest manifest read. A real one is a few kilobytes.
  static let maximumFileSize = 16 << 20

  static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// What is at `path`, following symbolic links, or why nothing
  /// (reachable) is there.
  static func status(_ path: String) -> Result<Status, FileSystemError> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(FileSystemError(errorText(errno))) }
    let kind: Kind
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .file
    case S_IFDIR: kind = .directory
    default: kind = .other
    }
    return .success(
      Status(kind: kind, identity: DirectoryIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))))
  }

  /// The names in a directory, without `.` and `..`, in no particular
  /// order. Names that are not valid UTF-8 are left out: no Swift source
  /// path in a manifest can name them.
  static func entries(of directory: String) -> Result<[String], FileSystemError> {
    guard let handle = opendir(directory) else { return .failure(FileSystemError(errorText(errno))) }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name: String? = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
          String(validatingCString: $0)
        }
      }
      if let name, name != ".", name != ".." { names.append(name) }
    }
    return .success(names)
  }

  /// The whole content of a regular file.
  static func contents(of path: String) -> Result<[UInt8], FileSystemError> {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return .failure(FileSystemError(errorText(errno))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(FileSystemError(errorText(errno))) }
    if info.st_mode & S_IFMT == S_IFDIR { return .failure(FileSystemError(errorText(EISDIR))) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(FileSystemError(errorText(errno)))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > maximumFileSize {
        return .failure(FileSystemError("the file is larger than \(maximumFileSize >> 20) MiB"))
      }
    }
    return .success(bytes)
  }
}

/// A failed file-system call, as `strerror` text.
struct FileSystemError: Error, Equatable {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}
