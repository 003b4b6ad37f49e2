#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import SystemPackage

/// The names in a directory (`readdir(3)`), without `.` and `..`, in no
/// particular order. Names that are not valid UTF-8 are left out: no path
/// this tool reads or writes can name them.
public enum DirectoryEntries {
  public static func names(in directory: String) -> Result<[String], FileError> {
    guard let handle = opendir(directory) else {
      return .failure(FileError(path: directory, operation: .list, errno: Errno(rawValue: errno)))
    }
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
}
