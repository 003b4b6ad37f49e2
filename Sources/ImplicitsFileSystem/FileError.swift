import SystemPackage

/// The one error of the tools' file-system calls: the path, what was being
/// done to it, and why, in the words users know from other tools ("No such
/// file or directory", "Permission denied").
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What the call was doing.
  public enum Operation: String, Sendable {
    case read, write, list, status, lock
  }

  /// Why it failed.
  public enum Cause: Equatable, Sendable {
    /// The system refused (its `errno`).
    case system(Errno)
    /// Larger than the caller's limit (the file was not read).
    case tooLarge(size: Int)
    /// Not a regular file (a FIFO, a device, a socket; not read).
    case notRegular(what: String)
    /// The path is empty.
    case emptyPath
    /// No temporary file could be created next to the destination.
    case noTemporaryFile
    /// A parent directory of a file to write could not be created.
    case directoryNotCreated(String, Errno)
  }

  public var path: String
  public var operation: Operation
  public var cause: Cause

  public init(path: String, operation: Operation, cause: Cause) {
    self.path = path
    self.operation = operation
    self.cause = cause
  }

  public init(path: String, operation: Operation, errno: Errno) {
    self.init(path: path, operation: operation, cause: .system(errno))
  }

  /// The system's error, when the system refused.
  public var errno: Errno? {
    if case .system(let code) = cause { return code }
    return nil
  }

  /// Nothing is at the path (or a component of it is not a directory).
  public var isMissing: Bool { errno == .noSuchFileOrDirectory || errno == .notDirectory }

  /// Why, in words: for a read, `no such file`, `it is a directory`, `it
  /// is a FIFO (named pipe), not a regular file`, `it is too large (N
  /// bytes)`; otherwise the system's message.
  public var reason: String {
    switch cause {
    case .system(let code) where operation == .read:
      if isMissing { return "no such file" }
      if code == .isDirectory { return "it is a directory" }
      if code == .tooManySymbolicLinkLevels { return "it is a symbolic link that leads back to itself (a loop)" }
      return code.description
    case .system(let code): return code.description
    case .tooLarge(let size): return "it is too large (\(size) bytes)"
    case .notRegular(let what): return "it is \(what), not a regular file"
    case .emptyPath: return "the path is empty"
    case .noTemporaryFile: return "cannot create a temporary file next to it"
    case .directoryNotCreated(let directory, let code): return "cannot create the directory '\(directory)': \(code.description)"
    }
  }

  /// The system's own message (`strerror`), or `reason` when the system
  /// did not refuse.
  public var systemMessage: String { errno?.description ?? reason }

  /// `cannot write 'PATH': REASON`, and so on for each operation.
  public var description: String {
    let verb: String
    switch operation {
    case .read: verb = "read"
    case .write: verb = "write"
    case .list: verb = "list"
    case .status: verb = "find"
    case .lock: verb = "lock"
    }
    return "cannot \(verb) '\(path)': \(reason)"
  }
}
