import Foundation
import ImplicitsBuild
import ImplicitsInterface
import ImplicitsToolSupport
import SystemPackage

/// `implicits lsp` as the editor starts it: the server itself runs in a
/// child process (`implicits lsp --in-process`) and this one relays the
/// messages both ways, keeping what it takes to start it again: the
/// client's `initialize` and the open documents with their current text.
///
/// When the child ends without `exit` (a crash in an analysis), the
/// requests it had not answered get an error, the files of the module it
/// was analyzing get a diagnostic that says so, and a new child is given
/// `initialize` and every open document again, except the crashed
/// module's: those go back to it when they next change. Crashes without a
/// known module (or three in a row without an edit) leave the server
/// waiting for the next edit, so that nothing loops.
public final class ServerSupervisor: @unchecked Sendable {
  private struct OpenDocument {
    var languageId: String
    var document: TextDocument
  }

  private let client: MessageStream
  private let executable: String
  /// What the client's thread and the relay threads share.
  private let shared = LockedValue(Relay())

  /// The child, and what a new child would need.
  private struct Relay {
    var child: Child?
    var initializeRequest: JSONRPCMessage?
    var initializedSeen = false
    var shutdownSeen = false
    var exitSeen = false
    var documents: [String: OpenDocument] = [:]
    /// Requests given to the child and not answered yet, by rendered id.
    var pending: [String: JSONText] = [:]
    /// The module the child said it is analyzing, and its files' URIs.
    var analyzing: (module: String, uris: [String])?
    /// Open documents of a module whose analysis crashed: kept from the
    /// child until they change.
    var crashedFiles: Set<String> = []
    var crashesWithoutEdit = 0
    var restarts = 0
  }

  /// The notifications the server sends to a supervisor around each
  /// analysis (not relayed to the client).
  static let analyzingMethod = "$/implicits/analyzing"
  static let analyzedMethod = "$/implicits/analyzed"

  init(client: MessageStream, executable: String) {
    self.client = client
    self.executable = executable
  }

  /// Serves standard input and output until `exit`; returns the exit
  /// status (0 after `shutdown`, 1 without).
  public static func serve(executable: String) -> ExitStatus {
    signal(SIGPIPE, SIG_IGN)
    return ServerSupervisor(
      client: MessageStream(input: .standardInput, output: .standardOutput), executable: executable
    ).run()
  }

  func run() -> ExitStatus {
    shared.withLock { start(replaying: false, in: &$0) }
    while !shared.withLock({ $0.exitSeen }), let incoming = client.next() {
      switch incoming {
      case .malformed(let reason):
        client.send(.errorResponse(id: .null, code: .parseError, message: "cannot read the message: \(reason)"))
      case .message(let message):
        shared.withLock { handle(message, in: &$0) }
      }
    }
    let running = shared.withLock { relay -> Child? in
      defer { relay.child = nil }
      return relay.child
    }
    guard let running else { return shared.withLock { $0.exitSeen && $0.shutdownSeen } ? .success : .failure }
    running.closeInput()
    running.relayed.wait()
    return running.exitStatus()
  }

  // MARK: From the client

  /// Keeps what a new child would need, then gives the message to the
  /// child (starting one when an edit comes after crashes).
  private func handle(_ json: JSONText, in relay: inout Relay) {
    let message = JSONRPCMessage(json)
    let method = message?.method
    let params = message?.params ?? .null
    var edited: String?
    switch method {
    case "initialize"?: relay.initializeRequest = message
    case "initialized"?: relay.initializedSeen = true
    case "shutdown"?: relay.shutdownSeen = true
    case "exit"?: relay.exitSeen = true
    case "textDocument/didOpen"?:
      if let document = params["textDocument"], let uri = document["uri"]?.string, let text = document["text"]?.string {
        relay.documents[uri] = OpenDocument(
          languageId: document["languageId"]?.string ?? "swift",
          document: TextDocument(text: text, version: document["version"]?.int ?? 0))
        edited = uri
      }
    case "textDocument/didChange"?:
      // A change that is not one is ignored here as the server ignores it.
      if let uri = params["textDocument"]?["uri"]?.string, var open = relay.documents[uri],
        let changes = LanguageServer.contentChanges(params)
      {
        open.document.version = params["textDocument"]?["version"]?.int ?? open.document.version
        for change in changes { open.document.replace(change.range, with: change.text) }
        relay.documents[uri] = open
        edited = uri
      }
    case "textDocument/didSave"?:
      edited = params["textDocument"]?["uri"]?.string
    case "textDocument/didClose"?:
      if let uri = params["textDocument"]?["uri"]?.string {
        relay.documents[uri] = nil
        relay.crashedFiles.remove(uri)
      }
    default: break
    }
    if let edited {
      relay.crashesWithoutEdit = 0
      if relay.crashedFiles.remove(edited) != nil {
        // The child does not have this file: it gets it whole again.
        if relay.child == nil { start(replaying: true, in: &relay) } else { relay.child?.send(didOpen(edited, in: relay)) }
        return
      }
      if relay.child == nil, relay.initializedSeen {
        start(replaying: true, in: &relay)  // the replay holds this edit
        return
      }
    }
    guard let child = relay.child else {
      if case .request(let id, _, _)? = message {
        client.send(
          .errorResponse(
            id: id, code: .requestFailed,
            message: "implicits: the analysis crashed; it starts again at the next edit of a file"))
      }
      return
    }
    if case .request(let id, _, _)? = message { relay.pending[id.renderedCompactly] = id }
    child.send(json)
  }

  // MARK: The child

  /// Starts a child and its relay; `replaying` gives it the client's
  /// `initialize` and the open documents first.
  private func start(replaying: Bool, in relay: inout Relay) {
    guard let started = try? Child(executable: executable) else {
      client.send(.log("cannot start the server process '\(executable) lsp --in-process'", type: 1))
      return
    }
    relay.child = started
    Thread.detachNewThread { [self] in self.relay(from: started) }
    guard replaying, let initializeRequest = relay.initializeRequest else { return }
    relay.restarts += 1
    let id: JSONText = .string("implicits-restart-\(relay.restarts)")
    started.send(.request(id: id, method: "initialize", params: initializeRequest.params))
    if relay.initializedSeen {
      started.send(.notification(method: "initialized", params: .object([:])))
    }
    for uri in relay.documents.keys.sorted() where !relay.crashedFiles.contains(uri) { started.send(didOpen(uri, in: relay)) }
  }

  private func didOpen(_ uri: String, in relay: Relay) -> JSONRPCMessage {
    let open = relay.documents[uri]!
    return .notification(
      method: "textDocument/didOpen",
      params: .object([
        "textDocument": .object([
          "uri": .string(uri), "languageId": .string(open.languageId), "version": .int(open.document.version),
          "text": .string(String(decoding: open.document.bytes, as: UTF8.self)),
        ])
      ]))
  }

  /// Gives the child's messages to the client until its output ends.
  private func relay(from child: Child) {
    defer { child.relayed.signal() }
    while let incoming = child.stream.next() {
      guard case .message(let json) = incoming else { continue }
      let message = JSONRPCMessage(json)
      if message?.method == Self.analyzingMethod {
        let uris = (message?.params?["files"]?.array ?? []).compactMap(\.string)
        shared.withLock { $0.analyzing = (message?.params?["module"]?.string ?? "?", uris) }
        continue
      }
      if message?.method == Self.analyzedMethod {
        shared.withLock { $0.analyzing = nil }
        continue
      }
      if message?.method == nil, let id = message?.id {
        if id.string?.hasPrefix("implicits-restart-") == true { continue }  // the replayed initialize
        shared.withLock { _ = $0.pending.removeValue(forKey: id.renderedCompactly) }
      }
      client.send(json)
    }
    shared.withLock { relay in
      guard !relay.exitSeen, relay.child === child else { return }
      crashed(child.howItEnded(), in: &relay)
    }
  }

  /// The relay.child ended without `exit`.
  private func crashed(_ how: String, in relay: inout Relay) {
    relay.child = nil
    relay.crashesWithoutEdit += 1
    for id in relay.pending.values {
      client.send(.errorResponse(id: id, code: .requestFailed, message: "implicits: the analysis crashed (\(how))"))
    }
    relay.pending = [:]
    guard let (module, uris) = relay.analyzing else {
      client.send(.log("the server process ended (\(how)); it starts again at the next edit of a file", type: 1))
      return
    }
    relay.analyzing = nil
    let message =
      "implicits: the analysis of module '\(module)' crashed (\(how)); it runs again when one of its files changes. "
      + "Please report it with this module's code."
    client.send(.log(message, type: 1))
    for uri in uris {
      if relay.documents[uri] != nil { relay.crashedFiles.insert(uri) }
      client.send(.publishDiagnostics(uri: uri, [ProtocolValues.fileNotice(message, severity: 1)]))
    }
    if relay.crashesWithoutEdit < 3 { start(replaying: true, in: &relay) }
  }
}

/// One `implicits lsp --in-process` process: its input and output as a
/// message stream.
private final class Child: @unchecked Sendable {
  private let child: ChildProcess
  let stream: MessageStream
  /// Signalled when its output ended and everything was relayed.
  let relayed = DispatchSemaphore(value: 0)

  init(executable: String) throws {
    child = try ChildProcess(executable: executable, arguments: ["lsp", "--in-process"])
    stream = MessageStream(input: child.output, output: child.input)
  }

  func send(_ message: JSONText) { stream.send(message) }

  func send(_ message: JSONRPCMessage) { stream.send(message) }

  func closeInput() { child.closeInput() }

  func exitStatus() -> ExitStatus { ExitStatus(child.waitForEnd().exitStatus) }

  func howItEnded() -> String { child.waitForEnd().description }
}
