#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat(2)` says of a path, following symbolic links: the one place
/// the tools ask the file system what is at a path.
public struct FileStatus: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case file, directory
    /// A FIFO, a device, a socket: `what` says which (`a FIFO (named pipe)`).
    case other(what: String)
  }

  /// Device and inode: identifies a file however it was reached.
  public struct Identity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
  }

  public var kind: Kind
  public var size: Int
  /// The modification time, in nanoseconds since 1970.
  public var modified: Int64
  public var identity: Identity

  /// The status of `path`, or the `errno` of the failed call.
  public static func of(_ path: String) -> Result<FileStatus, SystemError> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(SystemError(code: errno)) }
    return .success(FileStatus(info))
  }

  /// Whether `path` itself (not what it leads to) is a symbolic link.
  public static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  /// The status of an open file.
  static func of(descriptor: Int32) -> Result<FileStatus, SystemError> {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(SystemError(code: errno)) }
    return .success(FileStatus(info))
  }

  private init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .file
    case S_IFDIR: kind = .directory
    case S_IFIFO: kind = .other(what: "a FIFO (named pipe)")
    case S_IFCHR: kind = .other(what: "a character device")
    case S_IFBLK: kind = .other(what: "a block device")
    case S_IFSOCK: kind = .other(what: "a socket")
    default: kind = .other(what: "neither a file nor a directory")
    }
    size = Int(info.st_size)
    #if canImport(Darwin)
      modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
      modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
    identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }
}

/// A failed system call: its `errno`.
public struct SystemError: Error, Equatable, Sendable {
  public var code: Int32

  public init(code: Int32) {
    self.code = code
  }

  /// `strerror`, e.g. "Permission denied".
  public var message: String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
