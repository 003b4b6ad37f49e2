#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import ImplicitsFileSystem
import ImplicitsInterface
import SystemPackage

/// A Unix-domain stream socket: the build server listens on one, its
/// clients connect to it.
package enum LocalSocket {
  /// Where the server of the executable at `executable` listens: one per
  /// user and per build of the tool (its path, size and time are in the
  /// name), in a folder only the user can enter, so that a client never
  /// talks to a server of another version.
  package static func path(forExecutable executable: String) -> String {
    var identity = "\(ToolVersion.current)\u{0}\(executable)\u{0}"
    if case .success(let status) = FileStatus.of(executable) {
      identity += "\(status.size)\u{0}\(status.modified)\u{0}\(status.identity.inode)"
    }
    let name = "build-server-" + SHA256.hex(Array(identity.utf8)).prefix(16)
    let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let folder = "\(temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary)/implicits-\(getuid())"
    // A socket's path has a small limit (104 bytes on macOS, 108 on Linux).
    return folder.utf8.count + name.utf8.count < 100 ? "\(folder)/\(name)" : "/tmp/implicits-\(getuid())/\(name)"
  }

  /// The folder of `path`, made when missing (mode 0700), and checked as
  /// `checkFolder` does.
  package static func prepareFolder(of path: String) throws(SocketError) {
    let folder = PathUtilities.directory(of: path)
    if mkdir(folder, 0o700) != 0 && errno != EEXIST {
      throw SocketError("cannot create the folder '\(folder)': \(Errno(rawValue: errno))")
    }
    try checkFolder(of: path)
  }

  /// Refuses the folder of `path` unless it is a folder (not a symbolic
  /// link) owned by this user that no one else can write to, as OpenSSH's
  /// agent and tmux check theirs: both ends check it before they bind or
  /// connect, so that no other user can put a socket where this user's
  /// builds look for their server.
  package static func checkFolder(of path: String) throws(SocketError) {
    let folder = PathUtilities.directory(of: path)
    var info = stat()
    guard lstat(folder, &info) == 0 else {
      throw SocketError("cannot use the folder '\(folder)': \(Errno(rawValue: errno))")
    }
    let (kind, mode) = (info.st_mode & S_IFMT, info.st_mode & 0o7777)
    let problem: String? =
      kind == S_IFLNK ? "is a symbolic link (remove it)"
      : kind != S_IFDIR ? "is not a folder (remove it)"
      : info.st_uid != geteuid() ? "belongs to user \(info.st_uid), not to you (have it removed, or set TMPDIR to a folder of yours)"
      : mode & 0o022 != 0 ? "can be written by other users, mode \(String(mode, radix: 8)) (run 'chmod 700 \(folder)')" : nil
    if let problem { throw SocketError("the build server's folder '\(folder)' \(problem)") }
    // Whoever can rename entries of the folder above can put another
    // folder in this one's place between this check and its use.
    let parent = PathUtilities.directory(of: folder)
    guard stat(parent, &info) == 0 else { return }
    let parentMode = info.st_mode & 0o7777
    let parentProblem: String? =
      info.st_uid != geteuid() && info.st_uid != 0
      ? "belongs to user \(info.st_uid), who could replace the folder"
      : parentMode & 0o022 != 0 && parentMode & UInt32(S_ISVTX) == 0
        ? "can be written by other users without the sticky bit, mode \(String(parentMode, radix: 8)), so another user "
          + "could replace the folder" : nil
    if let parentProblem {
      throw SocketError(
        "the folder '\(parent)' above the build server's folder \(parentProblem) (set TMPDIR to a folder of yours, "
          + "or run 'chmod +t \(parent)')")
    }
  }

  /// Opens the file `name` of the folder of `path` (the socket's) with
  /// `flags`: through a descriptor of the folder, opened without following
  /// a link and checked on that descriptor (this user's, writable by no
  /// one else), then `openat` without following a link: a folder or link
  /// put in place after `checkFolder` is never written through.
  package static func openInFolder(of path: String, name: String, flags: Int32, mode: mode_t = 0o600) throws(SocketError) -> Int32 {
    let folder = PathUtilities.directory(of: path)
    #if canImport(Glibc)
      let directory = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    #elseif canImport(Musl)
      let directory = Musl.open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    #else
      let directory = Darwin.open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    #endif
    guard directory >= 0 else { throw SocketError("cannot open the folder '\(folder)': \(Errno(rawValue: errno))") }
    defer { close(directory) }
    var info = stat()
    guard fstat(directory, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
      throw SocketError("the build server's folder '\(folder)' changed since it was checked")
    }
    let file = openat(directory, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)
    guard file >= 0 else { throw SocketError("cannot open '\(folder)/\(name)': \(Errno(rawValue: errno))") }
    return file
  }

  /// The user and process at the other end of `connection` (the process
  /// is nil where the system does not say).
  package static func peer(of connection: FileDescriptor) -> (user: uid_t, process: pid_t?)? {
    #if os(Linux)
      // struct ucred: pid, uid, gid.
      var credentials: (pid_t, uid_t, gid_t) = (0, 0, 0)
      var length = socklen_t(MemoryLayout<(pid_t, uid_t, gid_t)>.size)
      guard getsockopt(connection.rawValue, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
      return (credentials.1, credentials.0)
    #else
      var user = uid_t(0)
      var group = gid_t(0)
      guard getpeereid(connection.rawValue, &user, &group) == 0 else { return nil }
      return (user, nil)
    #endif
  }

  /// Reads and writes on `connection` that wait longer than `seconds`
  /// fail (`EAGAIN`); 0: they wait as long as it takes.
  package static func setTimeouts(_ connection: FileDescriptor, receive: Double?, send: Double?) {
    for (option, seconds) in [(SO_RCVTIMEO, receive), (SO_SNDTIMEO, send)] {
      guard let seconds else { continue }
      var time = timeval(tv_sec: Int(seconds), tv_usec: .init((seconds - seconds.rounded(.down)) * 1e6))
      _ = setsockopt(connection.rawValue, SOL_SOCKET, option, &time, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  /// A socket listening at `path` (what was there is removed: the caller
  /// holds the lock that says no other server listens).
  package static func listening(at path: String) throws(SocketError) -> FileDescriptor {
    unlink(path)
    let descriptor = try open(path)
    var address = try self.address(path)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor.rawValue, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0, listen(descriptor.rawValue, 64) == 0 else {
      let error = SocketError("cannot listen at '\(path)': \(Errno(rawValue: errno))")
      try? descriptor.close()
      throw error
    }
    return descriptor
  }

  /// Writes `bytes` to `connection` as the other end takes them; throws
  /// `EAGAIN` when it took nothing for `seconds` (a client stopped with
  /// Ctrl-Z), whatever it took before. (A blocking write with a send
  /// time-out would wait that long for each part of a long message.)
  package static func write(_ bytes: [UInt8], to connection: FileDescriptor, stalling seconds: Double) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        send(connection.rawValue, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
      }
      if written >= 0 {
        offset += written
        continue
      }
      guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw Errno(rawValue: errno) }
      var ready = pollfd(fd: connection.rawValue, events: Int16(POLLOUT), revents: 0)
      // Readable or hung up: the next `send` says which.
      if poll(&ready, 1, Int32(seconds * 1000)) == 0 { throw Errno.resourceTemporarilyUnavailable }
    }
  }

  /// What `accept` gave.
  package enum Accepted {
    case connection(FileDescriptor)
    /// No descriptor to give it (EMFILE, ENFILE, ENOBUFS, ENOMEM): the
    /// connection waits in the backlog; try again later.
    case exhausted(Errno)
    /// The socket failed.
    case failed(Errno)
  }

  /// The next connection.
  package static func nextConnection(_ listening: FileDescriptor) -> Accepted {
    while true {
      let accepted = accept(listening.rawValue, nil, nil)
      if accepted >= 0 {
        _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
        return .connection(FileDescriptor(rawValue: accepted))
      }
      switch errno {
      case EINTR, ECONNABORTED: continue
      case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted(Errno(rawValue: errno))
      default: return .failed(Errno(rawValue: errno))
      }
    }
  }

  /// A connection to the server listening at `path`; nil when none does.
  package static func connection(to path: String) -> FileDescriptor? {
    guard let descriptor = try? open(path), var address = try? self.address(path) else { return nil }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor.rawValue, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      try? descriptor.close()
      return nil
    }
    return descriptor
  }

  private static func open(_ path: String) throws(SocketError) -> FileDescriptor {
    #if canImport(Glibc)
      let raw = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let raw = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard raw >= 0 else { throw SocketError("cannot open a socket: \(Errno(rawValue: errno))") }
    _ = fcntl(raw, F_SETFD, FD_CLOEXEC)
    return FileDescriptor(rawValue: raw)
  }

  private static func address(_ path: String) throws(SocketError) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw SocketError("the socket path '\(path)' is too long")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    }
    return address
  }
}

/// Why a socket could not be used, in words.
package struct SocketError: Error, CustomStringConvertible {
  package let description: String

  package init(_ description: String) {
    self.description = description
  }
}
