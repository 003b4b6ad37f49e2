import Foundation
import ImplicitsFileSystem
import ImplicitsTestSupport
import Testing

/// The attack of a `Package.swift` above a project, on the disk, with the
/// real `swift package describe`: its manifest's code would run as the user
/// who opens a file of her own project. The manifest here leaves a file
/// when its code runs.
@Suite(.serialized) struct PackageTrustTests {
  static func hostileManifest(marker: String) -> String {
    """
    // swift-tools-version:5.9
    import PackageDescription
    import Foundation
    _ = FileManager.default.createFile(atPath: "\(marker)", contents: Data("ran".utf8))
    let package = Package(name: "Hostile")

    """
  }

  /// Opens `file` in a server whose workspace folder is `workspace`; the
  /// message the server publishes for it.
  static func openOutsideAnyProject(_ file: String, workspace: String) -> String {
    let server = ServerConnection(fileSystem: LocalFileSystem())
    server.initialize(root: workspace)
    server.open(file)
    let messages = server.messages(of: file) ?? []
    _ = server.exit()
    return messages.joined(separator: "\n")
  }

  /// Another user's `Package.swift` in a shared folder above the project
  /// (world-writable with the sticky bit, as the temporary folder): it
  /// belongs to uid 65534, so the server neither reads nor runs it.
  @Test(.enabled(if: geteuid() == 0, "needs root, to give the manifest to another user (uid 65534), as CI runs"))
  func anotherUsersPackageInASharedParentIsNotRun() throws {
    let shared = try TemporaryDirectory()
    chmod(shared.path, 0o1777)
    let marker = shared.path + "/manifest-ran"
    try shared.write(Self.hostileManifest(marker: marker), to: "Package.swift")
    chown(shared.path + "/Package.swift", 65534, 65534)
    try shared.write("func main() {}\n", to: "project/Sources/main.swift")
    let file = shared.path + "/project/Sources/main.swift"
    let message = Self.openOutsideAnyProject(file, workspace: shared.path)
    #expect(!FileManager.default.fileExists(atPath: marker), "the other user's manifest ran")
    #expect(message.contains("not reading a manifest: '\(shared.path)/Package.swift' belongs to user 65534"), "\(message)")
  }

  /// One's own `Package.swift` above the workspace folder the editor
  /// opened is not run either.
  @Test func aPackageAboveTheWorkspaceFolderIsNotRun() throws {
    let above = try TemporaryDirectory()
    let marker = above.path + "/manifest-ran"
    try above.write(Self.hostileManifest(marker: marker), to: "Package.swift")
    try above.write("func main() {}\n", to: "project/Sources/main.swift")
    let file = above.path + "/project/Sources/main.swift"
    let message = Self.openOutsideAnyProject(file, workspace: above.path + "/project")
    #expect(!FileManager.default.fileExists(atPath: marker), "a manifest outside the workspace ran")
    #expect(message.contains("the package at \(above.path) is not read"), "\(message)")
  }
}
