import ArgumentParser
import Foundation
import ImplicitsManifest

/// Where the commands that read a manifest find it: `-C DIR` runs as if
/// started in `DIR`; without `--manifest`, `implicits.yaml` in the current
/// folder or the nearest parent that has one, as SwiftLint and
/// swift-format find their configuration.
struct ManifestOptions: ParsableArguments {
  @Option(name: .customShort("C"), help: ArgumentHelp("Run as if started in this folder.", valueName: "dir"))
  var directory: String?

  @Option(
    name: .customLong("manifest"),
    help: "The module manifest (default: implicits.yaml in the current folder or the nearest parent that has one).")
  var manifest: String?

  /// Changes to `-C`'s folder, then finds the manifest.
  func resolve() throws -> String {
    if let directory {
      guard FileManager.default.changeCurrentDirectoryPath(directory) else {
        throw ValidationError("-C: cannot change to '\(directory)': no such folder, or it cannot be entered")
      }
    }
    if let manifest { return manifest }
    return Self.find(from: FileManager.default.currentDirectoryPath) ?? Manifest.defaultFileName
  }

  /// `implicits.yaml` in `folder` or the nearest of its parents.
  static func find(from folder: String) -> String? {
    var current = URL(fileURLWithPath: folder).standardizedFileURL
    while true {
      let candidate = current.appendingPathComponent(Manifest.defaultFileName).path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
        return candidate
      }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { return nil }
      current = parent
    }
  }
}
