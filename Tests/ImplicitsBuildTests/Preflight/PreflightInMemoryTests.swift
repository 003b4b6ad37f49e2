import ImplicitsTestSupport
import Testing

@testable import ImplicitsBuild

/// Pre-flight against a file system in memory: every problem found before
/// anything runs, at its place in the manifest, and nothing written.
@Suite struct PreflightInMemoryTests {
  func check(_ manifest: String, files: [String: String], selecting: [String] = []) -> (lines: [String], writes: [String]) {
    let fileSystem = InMemoryFileSystem()
    fileSystem.put(manifest, at: "/p/implicits.yaml")
    for (path, text) in files { fileSystem.put(text, at: "/p/" + path) }
    fileSystem.clearLog()
    switch Preflight.check(manifestPath: "/p/implicits.yaml", selecting: selecting, fileSystem: fileSystem) {
    case .success: return ([], fileSystem.writes)
    case .failure(let failure): return (failure.lines, fileSystem.writes)
    }
  }

  @Test func anImportOfAModuleThatIsNotADependencyIsSaidAtTheManifestLine() {
    let (lines, writes) = check(
      "version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n  - name: App\n    sources: [App]\n",
      files: ["Core/Core.swift": "public func f() {}\n", "App/main.swift": "import Implicits\nimport Core\n"])
    #expect(lines == [
      "/p/implicits.yaml:5:11: error: module 'App' imports 'Core' (App/main.swift:2), but 'Core' is not among its "
        + "dependencies, so its interface would not reach the analysis; add 'Core' to 'dependencies' of 'App'"
    ])
    #expect(writes.isEmpty)
  }

  @Test func everyProblemIsReportedInManifestOrder() {
    let (lines, _) = check(
      "version: 1\nmodules:\n  - name: A\n    sources: [A]\n    dependencies: [B]\n  - name: B\n    sources: [Missing]\n"
        + "    dependencies: [A]\n",
      files: ["A/A.swift": "\n"], selecting: ["Nope"])
    #expect(lines.count == 3, "\(lines)")
    #expect(lines[0].hasPrefix("/p/implicits.yaml:3:11: error: dependency cycle: A -> B -> A"))
    #expect(lines[1].hasPrefix("/p/implicits.yaml:7:15: error: "), "\(lines)")
    #expect(lines[2] == "error: no module named 'Nope' in /p/implicits.yaml")
  }

  @Test func aMissingManifestSaysSo() {
    let fileSystem = InMemoryFileSystem()
    guard case .failure(let failure) = Preflight.check(manifestPath: "/nowhere/implicits.yaml", fileSystem: fileSystem) else {
      Issue.record("a missing manifest passed")
      return
    }
    #expect(failure.lines == ["/nowhere/implicits.yaml: error: cannot read the manifest: No such file or directory"])
  }
}
