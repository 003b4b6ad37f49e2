import ArgumentParser
import Foundation
import ImplicitsManifest
import ImplicitsToolSupport

/// Where the commands that read a manifest find it: `-C DIR` runs as if
/// started in `DIR`; without `--manifest`, `implicits.yaml` in the current
/// folder or the nearest parent that has one, as SwiftLint and
/// swift-format find their configuration, unless it belongs to another
/// user (`ProjectSearch`).
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
    let start = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    guard let found = ProjectSearch().nearest(from: start, names: names) else { return Manifest.defaultFileName }
    guard let chosen = found.manifests.first else {
      for refusal in found.refusals { Console.error("error: not reading a manifest: \(refusal)") }
      throw ExitStatus.unusable
    }
    if chosen.name != Manifest.defaultFileName {
      Console.error("note: using the module graph a build wrote: \(chosen.path)")
    }
    return chosen.path
  }
}
