import ImplicitsFileSystem

/// Where the tools find the project of a folder when no manifest is named:
/// the nearest folder, this one or a parent, that holds a manifest
/// (`implicits.yaml`, a module graph a build wrote, a `Package.swift` for
/// the language server). They never look above it: a project found is the
/// project, whatever a folder above holds. A manifest that belongs to
/// another user, or lies in a folder of another user's, is refused, not
/// read (`FolderTrust`), and the search stops there too.
public struct ProjectSearch: Sendable {
  /// What the nearest folder with a manifest holds.
  public struct Found: Sendable {
    /// The folder.
    public var folder: String
    /// The manifests it holds that may be read, in the order of the names
    /// searched for: `(path, name)`.
    public var manifests: [(path: String, name: String)]
    /// Its `Package.swift`, when packages were searched for and it may be read.
    public var package: String?
    /// Why each manifest it holds that may not be read is refused.
    public var refusals: [String]
  }

  public let fileSystem: any FileSystem
  public let trust: FolderTrust

  public init(fileSystem: any FileSystem = LocalFileSystem(), trust: FolderTrust = .fromEnvironment()) {
    self.fileSystem = fileSystem
    self.trust = trust
  }

  /// The nearest folder from `start` (absolute) up that holds one of
  /// `names` (paths relative to a folder) or, with `packages`, a
  /// `Package.swift`; nil when no folder up to `/` does.
  public func nearest(from start: String, names: [String], packages: Bool = false) -> Found? {
    var folder = start
    while true {
      var found = manifests(in: folder, names: names)
      let package = Self.join(folder, "Package.swift")
      let hasPackage = packages && isFile(package)
      if hasPackage {
        if let refusal = trust.refusal(ofFile: package, below: folder, in: fileSystem) {
          found.refusals.append(refusal)
        } else {
          found.package = package
        }
      }
      if hasPackage || !found.manifests.isEmpty || !found.refusals.isEmpty { return found }
      if folder == "/" || folder.isEmpty { return nil }
      folder = PathUtilities.directory(of: folder)
    }
  }

  /// The manifests in `folder` itself (a workspace folder an editor
  /// opened): those that may be read, and why the others may not.
  public func manifests(in folder: String, names: [String]) -> Found {
    var found = Found(folder: folder, manifests: [], package: nil, refusals: [])
    for name in names {
      let path = Self.join(folder, name)
      guard isFile(path) else { continue }
      if let refusal = trust.refusal(ofFile: path, below: folder, in: fileSystem) {
        found.refusals.append(refusal)
      } else {
        found.manifests.append((path, name))
      }
    }
    return found
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder == "/" ? "/" + name : folder + "/" + name
  }

  private func isFile(_ path: String) -> Bool {
    if case .success(let status) = fileSystem.status(path) { return status.kind == .file }
    return false
  }
}
