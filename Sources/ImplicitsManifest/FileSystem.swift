#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import ImplicitsFileSystem

/// The few file-system calls the manifest needs, with errors as `strerror`
/// text. POSIX rather than Foundation so that directory walking can see
/// device and inode numbers (to stop at symbolic-link loops) and so that
/// error messages are the short ones users know ("No such file or
/// directory").
enum FileSystem {
  /// The largest manifest read. A real one is a few kilobytes.
  static let maximumFileSize = 16 << 20

  /// What is at `path`, following symbolic links, or why nothing
  /// (reachable) is there.
  static func status(_ path: String) -> Result<FileStatus, FileSystemError> {
    FileStatus.of(path).mapError { FileSystemError($0.message) }
  }

  /// The names in a directory, without `.` and `..`, in no particular
  /// order (valid UTF-8 names only).
  static func entries(of directory: String) -> Result<[String], FileSystemError> {
    DirectoryEntries.names(in: directory).mapError { FileSystemError($0.message) }
  }

  /// The whole content of a regular file.
  static func contents(of path: String) -> Result<[UInt8], FileSystemError> {
    do {
      return .success(try FileReading.read(path, limit: maximumFileSize))
    } catch {
      switch error {
      case .missing(let system):
        return .failure(FileSystemError(system.message))
      case .unreadable, .notRegular:
        return .failure(FileSystemError(error.reason))
      case .tooLarge:
        return .failure(FileSystemError("the file is larger than \(maximumFileSize >> 20) MiB"))
      }
    }
  }
}

/// A failed file-system call, as `strerror` text.
struct FileSystemError: Error, Equatable {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}
