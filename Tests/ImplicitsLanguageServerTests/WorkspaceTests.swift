import Foundation
import ImplicitsFileSystem
import ImplicitsTestSupport
import Testing

@testable import ImplicitsLanguageServer

/// How the language server finds a file's project: the nearest folder with
/// a manifest or a package, never above it; nothing of another user's read
/// unless allowed; a package described (its manifest's code run) only in a
/// workspace folder or a folder the client lists.
@Suite struct WorkspaceTests {
  static let otherUser: UInt32 = 1001

  /// A workspace over `fileSystem` whose packages are recorded, not described.
  final class Recorder: @unchecked Sendable {
    var described: [String] = []
  }

  static func workspace(_ fileSystem: InMemoryFileSystem, folders: [String], allowed: [String] = [])
    -> (Workspace, Recorder)
  {
    let workspace = Workspace(fileSystem: fileSystem)
    let recorder = Recorder()
    workspace.folders = folders
    workspace.trust = FolderTrust(user: geteuid(), allowed: allowed)
    workspace.packageModel = { folder in
      recorder.described.append(folder)
      return RefusedProject(identity: folder, problem: "recorded")
    }
    return (workspace, recorder)
  }

  /// The tests' project (`TestProject`) with its root at `root`.
  static func putProject(in files: InMemoryFileSystem, at root: String) {
    let source = TestProject.fileSystem()
    for path in source.allFiles {
      files.put(source.text(at: path)!, at: root + path.dropFirst(TestProject.root.count))
    }
  }

  @Test func anotherUsersPackageAboveTheProjectIsNeitherReadNorRun() {
    let files = InMemoryFileSystem()
    files.put("// swift-tools-version:5.9\n", at: "/shared/Package.swift")
    files.put("func f() {}\n", at: "/shared/app/Sources/main.swift")
    files.setOwner(Self.otherUser, of: "/shared/Package.swift")
    let (workspace, recorder) = Self.workspace(files, folders: ["/shared"])
    #expect(workspace.module(of: "/shared/app/Sources/main.swift") == nil)
    #expect(recorder.described.isEmpty)
    let problem = workspace.projectProblem(for: "/shared/app/Sources/main.swift") ?? ""
    #expect(problem.contains("'/shared/Package.swift' belongs to user 1001, not to you"), "\(problem)")
    #expect(problem.contains("IMPLICITS_SAFE_DIRECTORIES"), "\(problem)")
  }

  @Test func aManifestInAFolderOfAnotherUserIsRefusedUnlessAllowed() {
    let files = InMemoryFileSystem()
    Self.putProject(in: files, at: "/shared/proj")
    files.setOwner(Self.otherUser, of: "/shared/proj")
    let refused = Self.workspace(files, folders: []).0
    #expect(refused.module(of: "/shared/proj/App/main.swift") == nil)
    #expect(refused.projectProblem(for: "/shared/proj/App/main.swift")?.contains("'/shared/proj' belongs to user 1001") == true)
    let allowed = Self.workspace(files, folders: [], allowed: ["/shared/proj"]).0
    #expect(allowed.module(of: "/shared/proj/App/main.swift")?.module == "App")
  }

  @Test func aBuildsGraphBelowAFolderOfAnotherUserIsRefused() {
    let files = InMemoryFileSystem()
    Self.putProject(in: files, at: "/p")
    files.put(TestProject.manifestText.replacingOccurrences(of: "[", with: "[../../"), at: "/p/build/implicits/implicits.yaml")
    files.remove("/p/implicits.yaml")
    files.setOwner(Self.otherUser, of: "/p/build")
    let (workspace, _) = Self.workspace(files, folders: ["/p"])
    #expect(workspace.module(of: "/p/App/main.swift") == nil)
    #expect(workspace.projectProblem(for: "/p/App/main.swift")?.contains("'/p/build' belongs to user 1001") == true)
  }

  @Test func aPackageOutsideTheWorkspaceFoldersIsNotRunUnlessListed() {
    let files = InMemoryFileSystem()
    files.put("// swift-tools-version:5.9\n", at: "/home/me/Package.swift")
    files.put("func f() {}\n", at: "/home/me/app/main.swift")
    let (workspace, recorder) = Self.workspace(files, folders: ["/home/me/app"])
    #expect(workspace.module(of: "/home/me/app/main.swift") == nil)
    #expect(recorder.described.isEmpty)
    let problem = workspace.projectProblem(for: "/home/me/app/main.swift") ?? ""
    #expect(problem.contains("the package at /home/me is not read: 'swift package describe' runs its Package.swift"), "\(problem)")
    workspace.packageFolders = ["/home/me"]
    workspace.forgetProjects()
    _ = workspace.module(of: "/home/me/app/main.swift")
    #expect(recorder.described == ["/home/me"])
  }

  @Test func aPackageInAWorkspaceFolderIsDescribed() {
    let files = InMemoryFileSystem()
    files.put("// swift-tools-version:5.9\n", at: "/w/Package.swift")
    files.put("func f() {}\n", at: "/w/Sources/A/a.swift")
    let (workspace, recorder) = Self.workspace(files, folders: ["/w"])
    _ = workspace.module(of: "/w/Sources/A/a.swift")
    #expect(recorder.described == ["/w"])
  }

  @Test func theNearestProjectEndsTheSearch() {
    let files = InMemoryFileSystem()
    files.put("// swift-tools-version:5.9\n", at: "/top/Package.swift")
    Self.putProject(in: files, at: "/top/proj")
    files.put("func f() {}\n", at: "/top/proj/Other/x.swift")
    let (workspace, recorder) = Self.workspace(files, folders: ["/top"])
    #expect(workspace.module(of: "/top/proj/App/main.swift")?.module == "App")
    #expect(workspace.module(of: "/top/proj/Other/x.swift") == nil)
    #expect(recorder.described.isEmpty, "a package above the project found must not be described")
  }
}
