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

  /// Changes to `-C`'s folder, then finds the manifest. Commands that only
  /// read what a build wrote (`why`, `graph`) pass `readingBuilds`: they
  /// also take the module graph a build system's integration wrote
  /// (`Manifest.writtenByBuildPaths`), and say so on standard error.
  func resolve(readingBuilds: Bool = false) throws -> String {
    if let directory {
      guard FileManager.default.changeCurrentDirectoryPath(directory) else {
        throw ValidationError("-C: cannot change to '\(directory)': no such folder, or it cannot be entered")
      }
    }
    if let manifest { return manifest }
    let names = readingBuilds ? Manifest.pathsReadingBuilds : [Manifest.defaultFileName]
    guard let found = Self.find(names, from: FileManager.default.currentDirectoryPath) else { return Manifest.defaultFileName }
    if found.name != Manifest.defaultFileName {
      Console.error("note: using the module graph a build wrote: \(found.path)")
    }
    return found.path
  }

  /// The first of `names` in `folder`, else in the nearest of its parents
  /// that has one of them.
  static func find(_ names: [String], from folder: String) -> (path: String, name: String)? {
    var current = URL(fileURLWithPath: folder).standardizedFileURL
    while true {
      for name in names {
        let candidate = current.appendingPathComponent(name).path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
          return (candidate, name)
        }
      }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { return nil }
      current = parent
    }
  }
}
