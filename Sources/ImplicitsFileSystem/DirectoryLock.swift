#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import SystemPackage

/// An exclusive lock on a directory, held by one process at a time: an
/// advisory `flock(2)` on a `.lock` file in it, which records the holder's
/// process id for the message of whoever waits. The kernel releases it
/// when the holder exits, however it exits: a lock left by a killed
/// process never blocks.
public final class DirectoryLock {
  private let descriptor: FileDescriptor
  public let path: String

  private init(descriptor: FileDescriptor, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit {
    flock(descriptor.rawValue, LOCK_UN)
    try? descriptor.close()
  }

  /// Takes the lock of `directory` (created when missing). When another
  /// process holds it, calls `waiting` once with that process's id (nil
  /// when unknown), then waits, polling `shouldStop` between attempts.
  /// Returns nil when `shouldStop` said so before the lock was taken.
  public static func acquire(
    _ directory: String, waiting: (Int32?) -> Void, shouldStop: () -> Bool = { false }
  ) throws(FileError) -> DirectoryLock? {
    try AtomicFileWriter.makeDirectories(directory)
    let path = directory + "/.lock"
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(
        FilePath(path), .readWrite, options: [.create, .closeOnExec], permissions: [.ownerReadWrite, .groupRead, .otherRead])
    } catch {
      throw FileError(path: path, operation: .lock, errno: error as? Errno ?? .ioError)
    }
    var announced = false
    while flock(descriptor.rawValue, LOCK_EX | LOCK_NB) != 0 {
      let code = Errno(rawValue: errno)
      guard code == .wouldBlock || code == .interrupted else {
        try? descriptor.close()
        throw FileError(path: path, operation: .lock, errno: code)
      }
      if !announced {
        waiting(holder(descriptor))
        announced = true
      }
      if shouldStop() {
        try? descriptor.close()
        return nil
      }
      usleep(50_000)
    }
    // Ours now: record who holds it.
    _ = ftruncate(descriptor.rawValue, 0)
    _ = try? descriptor.writeAll(toAbsoluteOffset: 0, Array("\(getpid())\n".utf8))
    return DirectoryLock(descriptor: descriptor, path: path)
  }

  /// The process id written in the lock file by its holder.
  private static func holder(_ descriptor: FileDescriptor) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    guard let count = try? buffer.withUnsafeMutableBytes({ try descriptor.read(fromAbsoluteOffset: 0, into: $0) }), count > 0
    else { return nil }
    return Int32(String(decoding: buffer[..<count], as: UTF8.self).filter(\.isNumber))
  }
}
