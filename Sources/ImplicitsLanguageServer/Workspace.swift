import Foundation
import ImplicitsFileSystem
import ImplicitsManifest

/// The server's view of the files: the open documents with the editor's
/// text, and the projects their modules come from, found the way the
/// build finds them: in the nearest folder, the file's or a parent, that
/// holds an `implicits.yaml`, a module graph a build system's integration
/// wrote (`Manifest.writtenByBuildPaths`) or a `Package.swift`, and at the
/// roots of the workspace folders.
final class Workspace: @unchecked Sendable {
  private(set) var documents: [String: TextDocument] = [:]
  private var projects: [String: any ProjectModel] = [:]
  /// Files a project was read again for (once each: a file its globs
  /// leave out stays left out).
  private var rereadFor: Set<String> = []
  var folders: [String] = []
  /// Folders whose packages the server may describe besides the workspace
  /// folders (the initialization option `packageFolders`).
  var packageFolders: [String] = []
  /// Whose manifests the server reads.
  var trust = FolderTrust.fromEnvironment()
  /// Where the files, manifests, packages and interfaces are read.
  let fileSystem: any FileSystem
  /// Makes the model of a SwiftPM package (tests replace `swift package describe`).
  var packageModel: (String) -> any ProjectModel

  init(fileSystem: any FileSystem = LocalFileSystem()) {
    self.fileSystem = fileSystem
    packageModel = { PackageProject(packageDirectory: $0, fileSystem: fileSystem) }
  }

  // MARK: Documents

  func open(_ path: String, text: String, version: Int) {
    documents[path] = TextDocument(text: text, version: version)
  }

  func change(_ path: String, version: Int, _ edit: (inout TextDocument) -> Void) {
    guard var document = documents[path] else { return }
    document.version = version
    edit(&document)
    documents[path] = document
  }

  func close(_ path: String) { documents[path] = nil }

  /// The editor's text of an open file, else the disk's; nil when neither.
  func bytes(of path: String) -> [UInt8]? {
    if let document = documents[path] { return document.bytes }
    return bytesOnDisk(path)
  }

  /// The document of `path`: the editor's, else one read from disk (empty
  /// when it cannot be read).
  func document(_ path: String) -> TextDocument {
    documents[path] ?? TextDocument(text: bytes(of: path).map { String(decoding: $0, as: UTF8.self) } ?? "", version: 0)
  }

  /// Whether `path` is open with other text than the disk's.
  func isEdited(_ path: String) -> Bool {
    guard let document = documents[path] else { return false }
    return bytesOnDisk(path) != document.bytes
  }

  // MARK: Projects

  /// The project and module of the file at `path`, if it belongs to one.
  /// A file on disk that its project did not list when it was read (made
  /// since) has the project read again.
  func module(of path: String) -> (project: any ProjectModel, module: String)? {
    for project in candidates(for: path) {
      guard let module = project.module(containing: path) else { continue }
      if !project.lists(path), isFile(path), rereadFor.insert(path).inserted {
        projects = projects.filter { $0.value !== project }
        return candidates(for: path).lazy.compactMap { fresh in fresh.module(containing: path).map { (fresh, $0) } }.first
      }
      return (project, module)
    }
    return nil
  }

  /// The files open in the editor, for the modules that hold files not on disk yet.
  var openFiles: [String] { Array(documents.keys) }

  private func bytesOnDisk(_ path: String) -> [UInt8]? { try? fileSystem.read(path) }

  /// The problem of the project nearest to `path`, when it cannot be used.
  func projectProblem(for path: String) -> String? {
    candidates(for: path).lazy.compactMap(\.problem).first
  }

  /// Forgets every project (a manifest or a package changed, a file was
  /// added): they are read again when next asked.
  func forgetProjects() { projects = [:] }

  /// The projects that may hold `path`: those of the nearest folder with a
  /// manifest or a `Package.swift` (never one above it), then those at the
  /// workspace folders' roots. A manifest another user owns is refused
  /// (`ProjectSearch`); a package is described (which runs its manifest's
  /// code) only in a workspace folder or a folder of `packageFolders`.
  private func candidates(for path: String) -> [any ProjectModel] {
    var found: [any ProjectModel] = []
    let search = ProjectSearch(fileSystem: fileSystem, trust: trust)
    var places: [ProjectSearch.Found] = []
    if let nearest = search.nearest(from: PathUtilities.directory(of: path), names: Manifest.pathsReadingBuilds, packages: true) {
      places.append(nearest)
    }
    for workspace in folders where !path.hasPrefix(workspace + "/") {
      places.append(search.manifests(in: workspace, names: Manifest.pathsReadingBuilds))
    }
    for place in places {
      for manifest in place.manifests {
        found.append(project(manifest.path) { ManifestProject(manifestPath: manifest.path, fileSystem: fileSystem) })
      }
      if let package = place.package {
        let folder = place.folder
        if mayDescribe(folder) {
          found.append(project(folder) { self.packageModel(folder) })
        } else {
          found.append(
            RefusedProject(
              identity: package,
              problem: "the package at \(folder) is not read: 'swift package describe' runs its Package.swift, which "
                + "the server does only for a package in a workspace folder the editor opened, or in a folder listed in "
                + "the initialization option 'packageFolders'"))
        }
      }
      for refusal in place.refusals {
        found.append(RefusedProject(identity: refusal, problem: "not reading a manifest: " + refusal))
      }
    }
    return found
  }

  /// Whether the server may run the `Package.swift` in `folder`.
  private func mayDescribe(_ folder: String) -> Bool {
    (folders + packageFolders).contains { folder == $0 || folder.hasPrefix($0 == "/" ? "/" : $0 + "/") }
  }

  private func project(_ key: String, _ make: () -> any ProjectModel) -> any ProjectModel {
    if let known = projects[key] { return known }
    let made = make()
    projects[key] = made
    return made
  }

  private func isFile(_ path: String) -> Bool {
    if case .success(let status) = fileSystem.status(path) { return status.kind == .file }
    return false
  }
}

/// A manifest or package the server does not read, and why.
final class RefusedProject: ProjectModel {
  let identity: String
  let problem: String?

  init(identity: String, problem: String) {
    self.identity = identity
    self.problem = problem
  }

  func module(containing path: String) -> String? { nil }
  func context(of module: String, isEdited: (String) -> Bool) -> ModuleContext? { nil }
  func lists(_ path: String) -> Bool { false }
}
