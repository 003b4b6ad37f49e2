#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which files and folders the tools read without being told to: those of
/// the user they run as, and of the system (`root`), as git's
/// `safe.directory` rule. Another user's `implicits.yaml` or `Package.swift`
/// in a folder above a project (a shared workspace, the temporary folder,
/// a mounted volume) would otherwise decide what the tools read, where they
/// write and, for a package, what code they run.
///
/// A user allows folders of others by listing them in
/// `IMPLICITS_SAFE_DIRECTORIES`, separated by `:` (`*` allows every folder).
public struct FolderTrust: Sendable {
  public static let environmentVariable = "IMPLICITS_SAFE_DIRECTORIES"

  /// The user the tools run as.
  public let user: UInt32
  /// Folders allowed though others own them; `*` for all.
  public let allowed: [String]

  public init(user: UInt32 = geteuid(), allowed: [String]) {
    self.user = user
    self.allowed = allowed.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
  }

  /// The rule with the folders `IMPLICITS_SAFE_DIRECTORIES` allows.
  public static func fromEnvironment(user: UInt32 = geteuid()) -> FolderTrust {
    let value = getenv(environmentVariable).map { String(cString: $0) } ?? ""
    return FolderTrust(user: user, allowed: value.split(separator: ":").map(String.init).filter { !$0.isEmpty })
  }

  /// Whether `path` is in an allowed folder.
  public func isAllowed(_ path: String) -> Bool {
    allowed.contains { $0 == "*" || path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
  }

  /// Why the tools must not read `path`, whose status is `status`: it
  /// belongs to another user and no allowed folder holds it. nil when they
  /// may.
  public func refusal(of path: String, status: FileStatus) -> String? {
    guard status.owner != user, status.owner != 0, !isAllowed(path) else { return nil }
    return "'\(path)' belongs to user \(status.owner), not to you (user \(user)); if you trust it, add its folder to "
      + "\(Self.environmentVariable) (folders separated by ':')"
  }

  /// Why the tools must not read the file at `path`: it, or a folder from
  /// `top` down to it, belongs to another user. nil when none does or the
  /// file does not exist.
  public func refusal(ofFile path: String, below top: String, in fileSystem: any FileSystem) -> String? {
    var folders: [String] = []
    var folder = PathUtilities.directory(of: path)
    while folder.count >= top.count, folder.hasPrefix(top) {
      folders.append(folder)
      if folder == top || folder == "/" { break }
      folder = PathUtilities.directory(of: folder)
    }
    for checked in [path] + folders {
      guard case .success(let status) = fileSystem.status(checked) else { continue }
      if let refusal = refusal(of: checked, status: status) { return refusal }
    }
    return nil
  }
}
