#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import SystemPackage

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

    public init(device: UInt64, inode: UInt64) {
      self.device = device
      self.inode = inode
    }
  }

  public var kind: Kind
  public var size: Int
  /// The modification time, in nanoseconds since 1970.
  public var modified: Int64
  public var identity: Identity
  /// The user that owns it (`st_uid`).
  public var owner: UInt32

  /// A status; `owner` defaults to the user this process runs as.
  public init(kind: Kind, size: Int, modified: Int64, identity: Identity, owner: UInt32 = geteuid()) {
    self.kind = kind
    self.size = size
    self.modified = modified
    self.identity = identity
    self.owner = owner
  }

  /// The status of `path`. The C call on the path's bytes: a build asks
  /// it of every folder and file it walks, and `FilePath`'s conversions
  /// took a tenth of a no-op build of 20,000 modules.
  public static func of(_ path: String) -> Result<FileStatus, FileError> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return .failure(FileError(path: path, operation: .status, errno: Errno(rawValue: errno)))
    }
    return .success(FileStatus(Stat(rawValue: info)))
  }

  /// Whether `path` itself (not what it leads to) is a symbolic link.
  public static func isSymbolicLink(_ path: String) -> Bool {
    (try? FilePath(path).stat(followTargetSymlink: false))?.type == .symbolicLink
  }

  /// The status of an open file.
  static func of(_ descriptor: FileDescriptor, path: String) -> Result<FileStatus, FileError> {
    do {
      return .success(FileStatus(try descriptor.stat()))
    } catch {
      return .failure(FileError(path: path, operation: .read, errno: error))
    }
  }

  private init(_ info: Stat) {
    switch info.type {
    case .regular: kind = .file
    case .directory: kind = .directory
    case .fifo: kind = .other(what: "a FIFO (named pipe)")
    case .characterSpecial: kind = .other(what: "a character device")
    case .blockSpecial: kind = .other(what: "a block device")
    case .socket: kind = .other(what: "a socket")
    default: kind = .other(what: "neither a file nor a directory")
    }
    size = Int(info.size)
    let time = info.st_mtim
    modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    identity = Identity(device: UInt64(info.deviceID.rawValue), inode: UInt64(info.inode.rawValue))
    owner = UInt32(info.userID.rawValue)
  }
}
