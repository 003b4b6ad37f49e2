import Foundation

/// Where the analyzer's fixtures are and how they are laid out (the
/// fixture tests analyze them; the swiftc oracle compiles those that
/// compile): `Group/Name.swift` is one module, `Group/Name/` a module of
/// its files, `Group/Name/NN-Module/` folders several modules, analyzed
/// in that order.
public struct FixtureLayout: Sendable {
  public let root: URL

  public init(root: URL) {
    self.root = root
  }

  /// The folder of the analyzer's fixtures in this checkout.
  public static let analyzerFixtures = FixtureLayout(
    root: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ImplicitsAnalysisTests/Fixtures"))

  /// Every fixture, as a path relative to `root`.
  public func all() -> [String] {
    let manager = FileManager.default
    var fixtures: [String] = []
    for group in (try? manager.contentsOfDirectory(atPath: root.path))?.sorted() ?? [] {
      let groupURL = root.appendingPathComponent(group)
      for entry in (try? manager.contentsOfDirectory(atPath: groupURL.path))?.sorted() ?? [] {
        var isDirectory: ObjCBool = false
        _ = manager.fileExists(atPath: groupURL.appendingPathComponent(entry).path, isDirectory: &isDirectory)
        if isDirectory.boolValue || entry.hasSuffix(".swift") { fixtures.append(group + "/" + entry) }
      }
    }
    return fixtures
  }

  /// The modules of a fixture, in analysis order: (name, files).
  public func modules(of fixture: String) -> [(String, [URL])] {
    let url = root.appendingPathComponent(fixture)
    let manager = FileManager.default
    if fixture.hasSuffix(".swift") { return [("Fixture", [url])] }
    let entries = ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    let moduleDirectories = entries.filter { entry in
      var isDirectory: ObjCBool = false
      _ = manager.fileExists(atPath: url.appendingPathComponent(entry).path, isDirectory: &isDirectory)
      return isDirectory.boolValue && entry.range(of: #"^\d+-"#, options: .regularExpression) != nil
    }
    if moduleDirectories.isEmpty {
      return [("Fixture", entries.filter { $0.hasSuffix(".swift") }.map { url.appendingPathComponent($0) })]
    }
    return moduleDirectories.map { directory in
      let name = String(directory.drop(while: { $0 != "-" }).dropFirst())
      let files = ((try? manager.contentsOfDirectory(atPath: url.appendingPathComponent(directory).path)) ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted()
        .map { url.appendingPathComponent(directory).appendingPathComponent($0) }
      return (name, files)
    }
  }

}
