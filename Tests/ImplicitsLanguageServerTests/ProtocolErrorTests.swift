import ImplicitsInterface
import Testing

@testable import ImplicitsLanguageServer

/// What a client should never be able to do to the server (malformed
/// messages, unknown methods, requests out of order): each gets its error
/// response, and the server goes on (`test_robustness.py`, in process).
@Suite struct ProtocolErrorTests {
  let server = ServerConnection(fileSystem: TestProject.fileSystem())

  /// The error code and message of `answer`, nil when it is no error.
  func error(_ answer: JSONRPCMessage?) -> (code: JSONRPCErrorCode, message: String)? {
    guard case .errorResponse(_, let code, let message)? = answer else { return nil }
    return (code, message)
  }

  @Test func aRequestBeforeInitializeIsRefused() throws {
    let refused = try #require(error(server.ask("textDocument/hover", .object([:]))))
    #expect(refused.code == .serverNotInitialized)
    let answer = try #require(server.initialize(root: TestProject.root))
    guard case .response(_, let result) = answer else {
      Issue.record("initialize got \(answer)")
      return
    }
    #expect(result["capabilities"]?["hoverProvider"] == .bool(true))
    #expect(server.close() == 0)
  }

  @Test func anUnknownMethodIsNotFound() throws {
    server.initialize(root: TestProject.root)
    let unknown = try #require(error(server.ask("textDocument/definition", .object([:]))))
    #expect(unknown.code == .methodNotFound)
    #expect(unknown.message == "'textDocument/definition' is not supported by implicits lsp")
    #expect(server.close() == 0)
  }

  @Test func aBodyThatIsNotJSONIsAParseErrorWithoutAnID() throws {
    server.initialize(root: TestProject.root)
    server.write(raw: "Content-Length: 9\r\n\r\n{not json")
    let answer = try #require(server.next { $0["error"] != nil })
    #expect(
      JSONRPCMessage(answer)
        == .errorResponse(id: .null, code: .parseError, message: "cannot read the message: the body is not JSON"))
    // The server goes on.
    #expect(server.close() == 0)
  }

  @Test func aMessageWithoutMethodOrIDIsAnInvalidRequest() throws {
    server.initialize(root: TestProject.root)
    let body = #"{"jsonrpc":"2.0","params":{}}"#
    server.write(raw: "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
    let answer = try #require(server.next { $0["error"] != nil })
    #expect(
      JSONRPCMessage(answer) == .errorResponse(id: .null, code: .invalidRequest, message: "a message without 'method'"))
    #expect(server.close() == 0)
  }

  @Test func aRequestWithoutAFileOrWithAPositionThatIsNotOneHasInvalidParams() throws {
    server.initialize(root: TestProject.root)
    let noFile = try #require(error(server.ask("textDocument/hover", .object(["position": .object([:])]))))
    #expect(noFile.code == .invalidParams)
    #expect(noFile.message == "the request names no file URI ('textDocument.uri')")
    let badPosition = try #require(
      error(
        server.ask(
          "textDocument/hover",
          .object([
            "textDocument": .object(["uri": .string(ServerConnection.uri(TestProject.reader))]),
            "position": .object(["line": .int(-1), "character": .int(0)]),
          ]))))
    #expect(badPosition.code == .invalidParams)
    #expect(badPosition.message.contains("'position' is not one"))
    #expect(server.close() == 0)
  }

  @Test func afterShutdownOnlyExitIsAccepted() throws {
    server.initialize(root: TestProject.root)
    #expect(server.ask("shutdown") == .response(id: .int(2), result: .null))
    let refused = try #require(error(server.ask("textDocument/hover", .object([:]))))
    #expect(refused.code == .invalidRequest)
    #expect(refused.message == "the server is shutting down: only 'exit' is accepted")
    #expect(server.exit() == 0)
  }

  @Test func exitWithoutShutdownEndsWithStatusOne() {
    server.initialize(root: TestProject.root)
    #expect(server.exit() == 1)
  }
}
