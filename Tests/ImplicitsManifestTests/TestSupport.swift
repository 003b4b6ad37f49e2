import Foundation
import ImplicitsFileSystem
import Testing

@testable import ImplicitsManifest

/// The manifest path most in-memory tests pretend to read.
let testManifestPath = "/project/implicits.yaml"

/// The errors `Manifest.parse` throws for `yaml`, as printed lines; records
/// an issue (and returns nothing) when the text is accepted.
func manifestErrors(
  _ yaml: String, path: String = testManifestPath, sourceLocation: SourceLocation = #_sourceLocation
) -> [String] {
  do {
    let manifest = try Manifest.parse(yaml, path: path)
    Issue.record("expected errors, but the manifest loaded: \(manifest)", sourceLocation: sourceLocation)
    return []
  } catch {
    return error.errors.map(\.rendered)
  }
}

/// `"/project/implicits.yaml:LINE:COLUMN: error: MESSAGE"`.
func diagnostic(_ line: Int, _ column: Int, _ message: String, path: String = testManifestPath) -> String {
  "\(path):\(line):\(column): error: \(message)"
}

/// A fresh directory under the system's temporary directory, removed when
/// the value is released. Paths are given relative to its root; a path
/// ending in `/` is a directory.
final class TemporaryTree {
  let root: String

  init(_ paths: [String] = []) throws {
    var template = Array((NSTemporaryDirectory() + "/implicits-manifest-tests.XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    root = PathUtilities.normalize(String(cString: created))
    for path in paths {
      if path.hasSuffix("/") { try makeDirectory(path) } else { try write(path) }
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// The absolute path of `relative`.
  func path(_ relative: String) -> String {
    relative.isEmpty ? root : root + "/" + relative
  }

  func makeDirectory(_ relative: String) throws {
    try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
  }

  func write(_ relative: String, _ contents: String = "// test\n") throws {
    try makeDirectory(PathUtilities.directory(of: relative) == "." ? "" : PathUtilities.directory(of: relative))
    try contents.write(toFile: path(relative), atomically: false, encoding: .utf8)
  }

  func symlink(_ relative: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
  }
}
