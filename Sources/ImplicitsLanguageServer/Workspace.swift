import Foundation
import ImplicitsFileSystem
import ImplicitsManifest

/// The server's view of the files: the open documents with the editor's
/// text, and the projects their modules come from, found the way the
/// build finds them: the nearest `implicits.yaml` in the file's folder or
/// its parents (or a workspace folder's), or the module graph a build
/// system's integration wrote there (`Manifest.writtenByBuildPaths`), else
/// the nearest `Package.swift`.
final class Workspace: @unchecked Sendable {
  private(set) var documents: [String: TextDocument] = [:]
  private var projects: [String: any ProjectModel] = [:]
  /// Files a project was read again for (once each: a file its globs
  /// leave out stays left out).
  private var rereadFor: Set<String> = []
  var folders: [String] = []
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

  private func candidates(for path: String) -> [any ProjectModel] {
    var found: [any ProjectModel] = []
    var folder = PathUtilities.directory(of: path)
    while true {
      for name in Manifest.pathsReadingBuilds {
        let manifest = folder == "/" ? "/" + name : folder + "/" + name
        if isFile(manifest) {
          found.append(project(manifest) { ManifestProject(manifestPath: manifest, fileSystem: fileSystem) })
        }
      }
      let package = folder == "/" ? "/Package.swift" : folder + "/Package.swift"
      if isFile(package) { found.append(project(folder) { self.packageModel(folder) }) }
      if folder == "/" || folder.isEmpty { break }
      folder = PathUtilities.directory(of: folder)
    }
    for workspace in folders where !path.hasPrefix(workspace + "/") {
      for name in Manifest.pathsReadingBuilds {
        let manifest = workspace + "/" + name
        if isFile(manifest) {
          found.append(project(manifest) { ManifestProject(manifestPath: manifest, fileSystem: fileSystem) })
        }
      }
    }
    return found
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
