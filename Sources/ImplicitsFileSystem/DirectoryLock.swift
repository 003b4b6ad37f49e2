#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a directory, held by one process at a time: an
/// advisory `flock(2)` on a `.lock` file in it, which records the holder's
/// process id for the message of whoever waits. The kernel releases it
/// when the holder exits, however it exits: a lock left by a killed
/// process never blocks.
public final class DirectoryLock {
  private let descriptor: Int32
  public let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// Takes the lock of `directory` (created when missing). When another
  /// process holds it, calls `waiting` once with that process's id (nil
  /// when unknown), then waits, polling `shouldStop` between attempts.
  /// Returns nil when `shouldStop` said so before the lock was taken.
  public static func acquire(
    _ directory: String, waiting: (Int32?) -> Void, shouldStop: () -> Bool = { false }
  ) throws(SystemError) -> DirectoryLock? {
    try AtomicFileWriter.makeDirectories(directory)
    let path = directory + "/.lock"
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw SystemError(code: errno) }
    var announced = false
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else {
        close(descriptor)
        throw SystemError(code: code)
      }
      if !announced {
        waiting(holder(descriptor))
        announced = true
      }
      if shouldStop() {
        close(descriptor)
        return nil
      }
      usleep(50_000)
    }
    // Ours now: record who holds it.
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = text.withUnsafeBufferPointer { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return DirectoryLock(descriptor: descriptor, path: path)
  }

  /// The process id written in the lock file by its holder.
  private static func holder(_ descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBufferPointer { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[..<count], as: UTF8.self).filter(\.isNumber)
    return Int32(text)
  }
}
