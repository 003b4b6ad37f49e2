import Foundation
import ImplicitsInterface
import SystemPackage
import Testing

@testable import ImplicitsLanguageServer

/// The bytes of what the server writes: each envelope with its keys
/// sorted and no spaces, framed by `Content-Length` alone, as clients
/// (and the pytest and Neovim checks) read them.
@Suite struct WireFormatTests {
  @Test func eachEnvelopeIsWrittenAsBefore() {
    #expect(
      JSONRPCMessage.request(id: .int(1), method: "initialize", params: .object(["rootUri": .null])).json.renderedCompactly
        == #"{"id":1,"jsonrpc":"2.0","method":"initialize","params":{"rootUri":null}}"# + "\n")
    #expect(
      JSONRPCMessage.notification(method: "exit", params: nil).json.renderedCompactly
        == #"{"jsonrpc":"2.0","method":"exit"}"# + "\n")
    #expect(
      JSONRPCMessage.response(id: .string("a"), result: .null).json.renderedCompactly
        == #"{"id":"a","jsonrpc":"2.0","result":null}"# + "\n")
    #expect(
      JSONRPCMessage.errorResponse(id: .null, code: .parseError, message: "cannot read \"it\"").json.renderedCompactly
        == #"{"error":{"code":-32700,"message":"cannot read \"it\""},"id":null,"jsonrpc":"2.0"}"# + "\n")
    #expect(
      JSONRPCMessage.log("implicits: hello", type: 3).json.renderedCompactly
        == #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"message":"implicits: hello","type":3}}"# + "\n")
  }

  @Test func theErrorCodesAreJSONRPCsAndTheProtocols() {
    let codes: [JSONRPCErrorCode: Int] = [
      .parseError: -32700, .invalidRequest: -32600, .methodNotFound: -32601, .invalidParams: -32602,
      .serverNotInitialized: -32002, .requestCancelled: -32800, .requestFailed: -32803,
    ]
    for (code, number) in codes { #expect(code.rawValue == number) }
  }

  @Test func aMessageReadIsTheKindItsMembersSay() {
    let read = { (text: String) in JSONText.parse(Array(text.utf8)).flatMap(JSONRPCMessage.init) }
    #expect(
      read(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#) == .request(id: .int(3), method: "shutdown", params: nil))
    #expect(
      read(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        == .notification(method: "initialized", params: .object([:])))
    #expect(read(#"{"jsonrpc":"2.0","id":3,"result":[]}"#) == .response(id: .int(3), result: .array([])))
    #expect(
      read(#"{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}}"#)
        == .errorResponse(id: .int(3), code: .methodNotFound, message: "no"))
    #expect(read(#"{"jsonrpc":"2.0","params":{}}"#) == nil)
  }

  @Test func aMessageIsFramedByItsLengthAlone() throws {
    let pipe = Pipe()
    let stream = MessageStream(
      input: FileDescriptor(rawValue: pipe.fileHandleForReading.fileDescriptor),
      output: FileDescriptor(rawValue: pipe.fileHandleForWriting.fileDescriptor))
    stream.send(.response(id: .int(7), result: .string("é")))
    try pipe.fileHandleForWriting.close()
    let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
    let body = #"{"id":7,"jsonrpc":"2.0","result":"é"}"#
    #expect(String(decoding: bytes, as: UTF8.self) == "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
  }
}
