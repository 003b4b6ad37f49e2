import ImplicitsInterface
import ImplicitsTestSupport
import Testing

@testable import ImplicitsLanguageServer

/// The diagnostics the server publishes as files are opened, changed and
/// saved, every file read from the file system in memory.
@Suite struct DiagnosticsTests {
  let fileSystem = TestProject.fileSystem()
  let server: ServerConnection

  init() {
    server = ServerConnection(fileSystem: fileSystem)
    server.initialize(root: TestProject.root)
  }

  /// Opens `path` of module `Pair` and waits for the first diagnostics of
  /// both its files; those of `path`.
  func openPairFile(_ path: String) -> [String]? {
    server.open(path)
    let other = path == TestProject.reader ? TestProject.caller : TestProject.reader
    let messages = server.messages(of: path)
    _ = server.messages(of: other)
    return messages
  }

  @Test func openingAFileCheckedCleanPublishesEmptyListsForItsModule() {
    #expect(openPairFile(TestProject.caller) == [])
    #expect(server.close() == 0)
  }

  @Test func anEditThatDropsAProvideIsReportedAndItsUndoClearsIt() {
    #expect(openPairFile(TestProject.caller) == [])
    let provide = TestProject.position(of: "@Implicit var clock", in: TestProject.callerText).line
    server.change(TestProject.caller, version: 2, lines: provide..<(provide + 1), to: "")
    let found = server.diagnostics(of: TestProject.caller) ?? []
    #expect(found.map { $0["message"]?.string } == ["Unresolved requirement: Clock"])
    #expect(found.first?["code"] == .string("unresolved-requirement"))
    #expect(found.first?["severity"] == .int(1))
    let scope = TestProject.position(of: "let scope", in: TestProject.callerText).line
    #expect(found.first?["range"]?["start"]?["line"] == .int(scope))
    server.change(TestProject.caller, version: 3, lines: provide..<provide, to: "  @Implicit var clock = Clock()\n")
    #expect(server.messages(of: TestProject.caller) == [])
    #expect(server.close() == 0)
  }

  @Test func aSavedFileIsReadAgainFromTheFileSystem() {
    #expect(openPairFile(TestProject.reader) == [])
    // The caller, not open, loses its provide on the file system.
    let unprovided = TestProject.callerText.replacingOccurrences(of: "  @Implicit var clock = Clock()\n", with: "")
    fileSystem.put(unprovided, at: TestProject.caller)
    server.save(TestProject.caller)
    #expect(server.messages(of: TestProject.caller) == ["Unresolved requirement: Clock"])
    #expect(server.close() == 0)
  }

  @Test func aFileOfNoModuleIsToldSoOnce() {
    let outside = "/elsewhere/Loose.swift"
    fileSystem.put("func loose() {}\n", at: outside)
    server.open(outside)
    let found = server.diagnostics(of: outside) ?? []
    #expect(found.count == 1)
    #expect(found.first?["severity"] == .int(3))
    #expect(
      found.first?["message"]?.string
        == "implicits does not check this file: no module of an implicits.yaml or a Package.swift in its folder or "
        + "the nearest parent that has one holds it")
    #expect(server.close() == 0)
  }
}
