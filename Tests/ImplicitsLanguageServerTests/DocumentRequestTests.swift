import ImplicitsInterface
import Testing

@testable import ImplicitsLanguageServer

/// Hovers and code actions (`test_requests.py`, in process): each is
/// answered from the analysis of the module, upstream modules analyzed in
/// memory from the file system's text.
@Suite struct DocumentRequestTests {
  let server: ServerConnection

  init() {
    server = ServerConnection(fileSystem: TestProject.fileSystem())
    server.initialize(root: TestProject.root)
  }

  /// The Markdown of the hover `offset` characters into the first `fragment` of `path`.
  func hover(_ path: String, text: String, at fragment: String, offset: Int) -> String? {
    let (line, character) = TestProject.position(of: fragment, in: text, offset: offset)
    let answer = server.ask(
      "textDocument/hover",
      .object([
        "textDocument": .object(["uri": .string(ServerConnection.uri(path))]),
        "position": .object(["line": .int(line), "character": .int(character)]),
      ]))
    guard case .response(_, let result)? = answer else { return nil }
    return result["contents"]?["value"]?.string
  }

  @Test func aHoverOnACallSaysWhatItRequiresAndFromWhichModule() {
    server.open(TestProject.main)
    #expect(
      hover(TestProject.main, text: TestProject.mainText, at: "log(\"started\"", offset: 1)
        == "`log(_:_:)` requires:\n\n- `Logger` (module `Core`)")
    #expect(server.close() == 0)
  }

  @Test func aHoverOnADeclarationAndOnAScope() {
    server.open(TestProject.reader)
    #expect(
      hover(TestProject.reader, text: TestProject.readerText, at: "tick(", offset: 1)
        == "`tick(_:)` requires:\n\n- `Clock` (module `Pair`)")
    server.open(TestProject.caller)
    #expect(
      hover(TestProject.caller, text: TestProject.callerText, at: "let scope", offset: 4)
        == "This root scope provides:\n\n- `Clock` (module `Pair`)")
    #expect(server.close() == 0)
  }

  @Test func aQuickFixAddsTheMissingProvideAfterTheScope() throws {
    let caller = TestProject.caller
    server.open(caller)
    #expect(server.messages(of: caller) == [])
    let provide = TestProject.position(of: "@Implicit var clock", in: TestProject.callerText).line
    server.change(caller, version: 2, lines: provide..<(provide + 1), to: "")
    let found = try #require(server.diagnostics(of: caller))
    #expect(found.count == 1)
    let answer = server.ask(
      "textDocument/codeAction",
      .object([
        "textDocument": .object(["uri": .string(ServerConnection.uri(caller))]),
        "range": found[0]["range"] ?? .null,
        "context": .object(["diagnostics": .array(found)]),
      ]))
    guard case .response(_, let result)? = answer, let actions = result.array else {
      Issue.record("codeAction got \(String(describing: answer))")
      return
    }
    #expect(actions.map { $0["title"]?.string } == ["Provide 'Clock' in this scope"])
    let edit = try #require(actions.first?["edit"]?["changes"]?[ServerConnection.uri(caller)]?.array?.first)
    #expect(edit["newText"] == .string("  @Implicit var clock: Clock = <#value#>\n"))
    // After `defer { scope.end() }`, the line below the scope.
    let scopeLine = try #require(found[0]["range"]?["start"]?["line"]?.int)
    #expect(edit["range"]?["start"] == .object(["line": .int(scopeLine + 2), "character": .int(0)]))
    #expect(actions.first?["diagnostics"]?.array?.first?["message"] == .string("Unresolved requirement: Clock"))
    #expect(server.close() == 0)
  }
}
