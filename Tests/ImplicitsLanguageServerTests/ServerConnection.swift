import Foundation
import ImplicitsFileSystem
import ImplicitsInterface
import SystemPackage

@testable import ImplicitsLanguageServer

/// A language server in this process, spoken to as an editor speaks to
/// it: framed JSON-RPC written to one pipe, its messages read one at a
/// time from another. Every wait reads the server's next message (or its
/// end), never a clock: a test goes on when the server wrote what it
/// waits for.
final class ServerConnection: @unchecked Sendable {
  let fileSystem: any FileSystem
  private let toServer = Pipe()
  private let fromServer = Pipe()
  /// The client's end: writes to the server's input, reads its output.
  private let client: MessageStream
  /// What `run` returned, once it did.
  private let ended = Ending()
  private var nextID = 0
  /// Messages read while waiting for another, in order: later waits look
  /// at them first.
  private var unread: [JSONText] = []

  init(fileSystem: any FileSystem) {
    signal(SIGPIPE, SIG_IGN)
    self.fileSystem = fileSystem
    let server = LanguageServer(
      stream: MessageStream(
        input: FileDescriptor(rawValue: toServer.fileHandleForReading.fileDescriptor),
        output: FileDescriptor(rawValue: fromServer.fileHandleForWriting.fileDescriptor)),
      fileSystem: fileSystem)
    client = MessageStream(
      input: FileDescriptor(rawValue: fromServer.fileHandleForReading.fileDescriptor),
      output: FileDescriptor(rawValue: toServer.fileHandleForWriting.fileDescriptor))
    let thread = Thread { [ended] in ended.end(with: server.run().code) }
    thread.stackSize = 8 << 20
    thread.start()
  }

  // MARK: Writing

  func send(_ message: JSONRPCMessage) { client.send(message) }

  /// Sends a request with the next id; returns the id.
  @discardableResult
  func request(_ method: String, _ params: JSONText? = nil) -> JSONText {
    nextID += 1
    send(.request(id: .int(nextID), method: method, params: params))
    return .int(nextID)
  }

  func notify(_ method: String, _ params: JSONText? = nil) {
    send(.notification(method: method, params: params))
  }

  /// Bytes as they are, framed or not (what no client library would send).
  func write(raw bytes: String) {
    toServer.fileHandleForWriting.write(Data(bytes.utf8))
  }

  // MARK: Reading

  /// The first message, read before or next, for which `matches` holds;
  /// nil when the server's output ended first. The others are kept for
  /// later waits.
  func next(where matches: (JSONText) -> Bool) -> JSONText? {
    if let index = unread.firstIndex(where: matches) { return unread.remove(at: index) }
    while let incoming = client.next() {
      guard case .message(let json) = incoming else { continue }
      if matches(json) { return json }
      unread.append(json)
    }
    return nil
  }

  /// The answer to the request `id`.
  func response(to id: JSONText) -> JSONRPCMessage? {
    next { JSONRPCMessage($0).map { $0.method == nil && $0.id == id } ?? false }.flatMap(JSONRPCMessage.init)
  }

  /// Sends a request and waits for its answer.
  func ask(_ method: String, _ params: JSONText? = nil) -> JSONRPCMessage? {
    response(to: request(method, params))
  }

  /// The next notification of `method` whose params `matches` accepts.
  func notification(_ method: String, where matches: (JSONText) -> Bool = { _ in true }) -> JSONText? {
    next { $0["id"] == nil && $0["method"]?.string == method && matches($0["params"] ?? .null) }?["params"]
  }

  /// The diagnostics published next for the file at `path`.
  func diagnostics(of path: String) -> [JSONText]? {
    notification("textDocument/publishDiagnostics") { $0["uri"]?.string == Self.uri(path) }?["diagnostics"]?.array
  }

  /// The messages of the diagnostics published next for `path`.
  func messages(of path: String) -> [String]? {
    diagnostics(of: path)?.map { $0["message"]?.string ?? "" }
  }

  // MARK: The session

  /// `initialize` with `root` as the workspace folder, then `initialized`;
  /// the server's answer.
  @discardableResult
  func initialize(root: String) -> JSONRPCMessage? {
    let answer = ask(
      "initialize",
      .object([
        "rootUri": .string(Self.uri(root)), "capabilities": .object([:]),
        "workspaceFolders": .array([.object(["uri": .string(Self.uri(root)), "name": .string("project")])]),
      ]))
    notify("initialized", .object([:]))
    return answer
  }

  func open(_ path: String, version: Int = 1) {
    let text = String(decoding: (try? fileSystem.read(path)) ?? [], as: UTF8.self)
    notify(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string(Self.uri(path)), "languageId": .string("swift"), "version": .int(version), "text": .string(text),
        ])
      ]))
  }

  /// One incremental change: `text` in place of `lines` (from 0; an empty
  /// range inserts before its line).
  func change(_ path: String, version: Int, lines: Range<Int>, to text: String) {
    let range: JSONText = .object([
      "start": .object(["line": .int(lines.lowerBound), "character": .int(0)]),
      "end": .object(["line": .int(lines.upperBound), "character": .int(0)]),
    ])
    notify(
      "textDocument/didChange",
      .object([
        "textDocument": .object(["uri": .string(Self.uri(path)), "version": .int(version)]),
        "contentChanges": .array([.object(["range": range, "text": .string(text)])]),
      ]))
  }

  func save(_ path: String) {
    notify("textDocument/didSave", .object(["textDocument": .object(["uri": .string(Self.uri(path))])]))
  }

  /// `shutdown`, then `exit`: the status `run` returned.
  func close() -> Int32? {
    guard ask("shutdown") != nil else { return nil }
    return exit()
  }

  /// `exit` alone: the status `run` returned.
  func exit() -> Int32? {
    notify("exit")
    return ended.status()
  }

  static func uri(_ path: String) -> String { "file://" + path }
}

/// The exit status of a server's `run`, set once on its thread, waited for on the test's.
private final class Ending: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var value: Int32?

  func end(with status: Int32) {
    value = status
    done.signal()
  }

  /// Waits until `run` returned.
  func status() -> Int32? {
    done.wait()
    done.signal()
    return value
  }
}
