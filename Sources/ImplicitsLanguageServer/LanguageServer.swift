import Dispatch
import Foundation
import ImplicitsAnalysis
import ImplicitsBuild
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsToolSupport
import ImplicitsManifest
import SystemPackage

/// `implicits lsp`: a language server (LSP 3.17) over standard input and
/// output that publishes the analyzer's diagnostics while code is typed,
/// hovers with what functions require and scopes provide, and a code
/// action that adds a missing provide.
///
/// Messages are read on the calling thread and handled in order; analyses
/// and the requests that need one (hover, code actions) run in order on
/// one analysis thread (`AnalysisQueue`), where a newer edit of a module
/// cancels the analysis of an older text and makes queued ones for it do
/// nothing.
public final class LanguageServer: @unchecked Sendable {
  let stream: MessageStream
  /// What the reading thread and the analysis thread share.
  let shared: LockedValue<SharedState>
  private let analyses = AnalysisQueue(name: "implicits-lsp-analyses")

  struct SharedState {
    let workspace: Workspace
    var initialized = false
    var shuttingDown = false
    /// Every change of a file counts up `edits`; `lastEdit` says when each
    /// file last changed. An analysis that started before one of its
    /// module's files changed again stops; one queued for a module already
    /// analyzed since its last change does nothing.
    var edits = 0
    var lastEdit: [String: Int] = [:]
    /// Per module (project identity and name): its session, and the count
    /// of edits when its last complete analysis started.
    var sessions: [String: ModuleSession] = [:]
    var analyzedAt: [String: Int] = [:]
    /// Requests the client cancelled before they were answered.
    var cancelled: Set<String> = []
    /// Files told they belong to no module (once each).
    var toldOutside: Set<String> = []
    /// Projects whose problem was said (once each).
    var toldProblems: Set<String> = []
    /// Module graphs written by a build that the log named as used.
    var toldProjects: Set<String> = []
  }

  /// Whether a `ServerSupervisor` relays this server's messages: it is
  /// then told which module each analysis is of.
  private let supervised: Bool

  /// `fileSystem`: where the workspace's files, manifests, packages and
  /// interfaces are read (the editor's text of an open file comes first).
  init(stream: MessageStream, fileSystem: any FileSystem = LocalFileSystem(), supervised: Bool = false) {
    self.stream = stream
    shared = LockedValue(SharedState(workspace: Workspace(fileSystem: fileSystem)))
    self.supervised = supervised
  }

  /// Serves standard input and output in this process until `exit`;
  /// returns the exit status (0 after `shutdown`, 1 without).
  /// `supervised`: started by `ServerSupervisor`.
  public static func serve(supervised: Bool) -> ExitStatus {
    signal(SIGPIPE, SIG_IGN)
    return LanguageServer(stream: MessageStream(input: .standardInput, output: .standardOutput), supervised: supervised)
      .run()
  }

  func run() -> ExitStatus {
    while let incoming = stream.next() {
      switch incoming {
      case .malformed(let reason):
        stream.send(.errorResponse(id: .null, code: .parseError, message: "cannot read the message: \(reason)"))
      case .message(let message):
        if let status = handle(message) { return status }
      }
    }
    return shared.withLock { $0.shuttingDown } ? .success : .failure
  }

  /// Handles one message; returns an exit status when it was `exit`.
  private func handle(_ json: JSONText) -> ExitStatus? {
    guard let message = JSONRPCMessage(json) else {
      stream.send(.errorResponse(id: .null, code: .invalidRequest, message: "a message without 'method'"))
      return nil
    }
    if message.method == "exit" {
      analyses.waitForPendingWork()
      return shared.withLock { s in s.shuttingDown } ? .success : .failure
    }
    let state = shared.withLock { s in (initialized: s.initialized, shuttingDown: s.shuttingDown) }
    switch message {
    case .request(let id, let method, let params):
      if !state.initialized && method != "initialize" {
        stream.send(
          .errorResponse(
            id: id, code: .serverNotInitialized, message: "the server is not initialized: send 'initialize' first"))
      } else if state.shuttingDown {
        stream.send(
          .errorResponse(id: id, code: .invalidRequest, message: "the server is shutting down: only 'exit' is accepted"))
      } else {
        request(method, params: params ?? .null, id: id)
      }
    case .notification(let method, let params):
      if state.initialized || method == "initialized" { notification(method, params: params ?? .null) }
    case .response, .errorResponse:
      break  // a response to something the server never asks
    }
    return nil
  }

  private func request(_ method: String, params: JSONText, id: JSONText) {
    switch method {
    case "initialize":
      initialize(params)
      stream.send(.response(id: id, result: Capabilities.initializeResult))
    case "shutdown":
      analyses.waitForPendingWork()
      shared.withLock { s in s.shuttingDown = true }
      stream.send(.response(id: id, result: .null))
    case "textDocument/hover":
      withDocument(params, id: id, range: "position") { path, range in self.hover(path, at: range.start) }
    case "textDocument/codeAction":
      withDocument(params, id: id, range: "range") { path, range in self.codeActions(path, lines: range) }
    default:
      stream.send(
        .errorResponse(id: id, code: .methodNotFound, message: "'\(method)' is not supported by implicits lsp"))
    }
  }

  private func notification(_ method: String, params: JSONText) {
    switch method {
    case "initialized", "workspace/didChangeConfiguration":
      break
    case "textDocument/didOpen":
      guard let document = params["textDocument"], let path = Self.path(document["uri"]),
        let text = document["text"]?.string
      else { return log("didOpen without a file URI and text") }
      shared.withLock { s in s.workspace.open(path, text: text, version: document["version"]?.int ?? 0) }
      changed(path)
    case "textDocument/didChange":
      guard let path = Self.path(params["textDocument"]?["uri"]), params["contentChanges"]?.array != nil else {
        return log("didChange without a file URI and changes")
      }
      guard let changes = Self.contentChanges(params) else {
        return log("didChange with a change that has no text or a range that is not one (\(TextDocument.Position.invalid)): ignored")
      }
      shared.withLock { s in
        s.workspace.change(path, version: params["textDocument"]?["version"]?.int ?? 0) { document in
          for change in changes { document.replace(change.range, with: change.text) }
        }
      }
      changed(path)
    case "textDocument/didSave":
      guard let path = Self.path(params["textDocument"]?["uri"]) else { return }
      if path.hasSuffix("/implicits.yaml") || path.hasSuffix("/Package.swift") {
        shared.withLock { s in s.workspace.forgetProjects() }
      }
      changed(path)
    case "textDocument/didClose":
      guard let path = Self.path(params["textDocument"]?["uri"]) else { return }
      shared.withLock { s in s.workspace.close(path) }
      changed(path)
    case "workspace/didChangeWatchedFiles":
      shared.withLock { s in s.workspace.forgetProjects() }
    case "$/cancelRequest":
      if let id = params["id"] { shared.withLock { s in _ = s.cancelled.insert(Self.key(id)) } }
    default:
      if !method.hasPrefix("$/") { log("'\(method)' is not supported by implicits lsp; ignored") }
    }
  }

  private func initialize(_ params: JSONText) {
    var folders = (params["workspaceFolders"]?.array ?? []).compactMap { Self.path($0["uri"]) }
    if folders.isEmpty, let root = Self.path(params["rootUri"]) { folders = [root] }
    let packageFolders = (params["initializationOptions"]?["packageFolders"]?.array ?? []).compactMap(\.string)
      .filter { $0.hasPrefix("/") }
    shared.withLock { s in
      s.workspace.folders = folders
      s.workspace.packageFolders = packageFolders
      s.initialized = true
    }
  }

  // MARK: Analyses

  /// A file's text changed (or it was opened, saved or closed): its
  /// module is analyzed again, after what is queued, and an analysis of
  /// an older text of it stops.
  private func changed(_ path: String) {
    guard path.hasSuffix(".swift") else { return }
    shared.withLock { s in
      s.edits += 1
      s.lastEdit[path] = s.edits
    }
    analyses.async { _ = self.analysis(of: path) }
  }

  /// The current analysis of `path`'s module: the last one when none of
  /// its files changed since it started, else a new one (published). Nil
  /// for a file of no module, or when a newer edit stopped it.
  func analysis(of path: String) -> AnalysisResult? {
    let found = shared.withLock { s in s.workspace.module(of: path) }  // a project's first look may run SwiftPM
    guard let (project, module) = found else {
      outside(path)
      return nil
    }
    if let manifest = (project as? ManifestProject)?.manifestPath,
      Manifest.writtenByBuildPaths.contains(where: { manifest.hasSuffix("/" + $0) }),
      shared.withLock({ s in s.toldProjects.insert(manifest).inserted })
    {
      log("using the module graph a build wrote: \(manifest)")
    }
    let key = project.identity + "\n" + module
    guard var context = shared.withLock({ s in project.context(of: module, isEdited: s.workspace.isEdited) }) else { return nil }
    // Open files of the module that are not on disk (or not listed): the editor's text counts.
    for open in shared.withLock({ s in s.workspace.openFiles }) where !context.files.contains(open) {
      if shared.withLock({ s in s.workspace.module(of: open) })?.module == module { context.files.append(open) }
    }
    let files = context.files + context.upstream.flatMap { $0.context?.files ?? [] }
    let (start, session, current) = shared.withLock { s -> (Int, ModuleSession, AnalysisResult?) in
      let session = s.sessions[key] ?? ModuleSession(fileSystem: s.workspace.fileSystem)
      s.sessions[key] = session
      let lastEdit = s.lastEdit
      let changed = files.lazy.compactMap { lastEdit[$0] }.max() ?? 0
      let upToDate = s.analyzedAt[key].map { $0 >= changed } ?? false
      return (s.edits, session, upToDate ? session.lastResult : nil)
    }
    if let current { return current }
    let stopped: @Sendable () -> Bool = { [self] in shared.withLock { s in files.contains { (s.lastEdit[$0] ?? 0) > start } } }
    if supervised {
      // Should the analysis crash, the supervisor knows whose files to tell.
      notify(
        ServerSupervisor.analyzingMethod,
        ["module": .string(module), "files": .array(context.files.map { .string(ProtocolValues.uri(of: $0)) })])
    }
    CrashForTesting.crashIfAsked(module: module, stage: .analyzingBodies)
    let analyzed = session.analyze(
      context, text: { path in self.shared.withLock { s in s.workspace.bytes(of: path) } }, isCancelled: stopped)
    if supervised { notify(ServerSupervisor.analyzedMethod, [:]) }
    guard let result = analyzed else { return nil }
    shared.withLock { s in s.analyzedAt[key] = start }
    publish(result, files: context.files, session: session)
    return result
  }

  /// Diagnostics for every file of the module: those that have some get
  /// them; those that had some before, and every file the first time,
  /// get an empty list (clean).
  private func publish(_ result: AnalysisResult, files: [String], session: ModuleSession) {
    var byFile: [String: [Diagnostic]] = [:]
    for diagnostic in result.diagnostics { byFile[diagnostic.location.file, default: []].append(diagnostic) }
    let cleared = (session.publishedFiles ?? Set(files)).subtracting(byFile.keys)
    for (file, diagnostics) in byFile {
      let values = shared.withLock { s in diagnostics.map { ProtocolValues.diagnostic($0, document: s.workspace.document) } }
      stream.send(.publishDiagnostics(uri: ProtocolValues.uri(of: file), values))
    }
    for file in cleared {
      stream.send(.publishDiagnostics(uri: ProtocolValues.uri(of: file), []))
    }
    session.publishedFiles = Set(byFile.keys)
  }

  /// A file of no module: one informational diagnostic, once.
  private func outside(_ path: String) {
    let (first, problem) = shared.withLock { s in (s.toldOutside.insert(path).inserted, s.workspace.projectProblem(for: path)) }
    if let problem, shared.withLock({ s in s.toldProblems.insert(problem).inserted }) {
      notify("window/showMessage", ["type": .int(2), "message": .string("implicits: " + problem)])
    }
    guard first else { return }
    let message =
      problem.map { "implicits does not check this file: \($0)" }
      ?? "implicits does not check this file: no module of an implicits.yaml or a Package.swift in its folder or the nearest parent that has one holds it"
    stream.send(
      .publishDiagnostics(uri: ProtocolValues.uri(of: path), [ProtocolValues.fileNotice(message, severity: 3)]))
  }

  // MARK: Requests on a document

  /// Answers a request on a document with `body`'s result for the
  /// document's path and the request's range: its `position` (hover), or
  /// its `range` (code actions; the whole document when it has none). A
  /// request without a file URI, or whose position or range is not one,
  /// gets an error.
  private func withDocument(
    _ params: JSONText, id: JSONText, range key: String,
    _ body: @escaping @Sendable (String, (start: TextDocument.Position, end: TextDocument.Position)) -> JSONText
  ) {
    guard let path = Self.path(params["textDocument"]?["uri"]) else {
      stream.send(
        .errorResponse(id: id, code: .invalidParams, message: "the request names no file URI ('textDocument.uri')"))
      return
    }
    var range: (start: TextDocument.Position, end: TextDocument.Position)?
    if key == "position" {
      range = TextDocument.Position(params["position"]).map { ($0, $0) }
    } else if let given = params[key] {
      if let start = TextDocument.Position(given["start"]), let end = TextDocument.Position(given["end"]) { range = (start, end) }
    } else {
      range = (TextDocument.Position(line: 0, character: 0), TextDocument.Position(line: Int(Int32.max), character: 0))
    }
    guard let range else {
      stream.send(
        .errorResponse(
          id: id, code: .invalidParams, message: "the request's '\(key)' is not one: \(TextDocument.Position.invalid)"))
      return
    }
    analyses.async {
      if self.shared.withLock({ s in s.cancelled.remove(Self.key(id)) != nil }) {
        self.stream.send(.errorResponse(id: id, code: .requestCancelled, message: "cancelled"))
        return
      }
      self.stream.send(.response(id: id, result: body(path, range)))
    }
  }

  // MARK: Writing

  func notify(_ method: String, _ params: [String: JSONText]) {
    stream.send(.notification(method: method, params: .object(params)))
  }

  func log(_ message: String) {
    stream.send(.log("implicits: " + message, type: 3))
  }

  // MARK: Helpers

  static func path(_ uri: JSONText?) -> String? {
    guard let text = uri?.string, let url = URL(string: text), url.isFileURL else { return nil }
    return url.standardizedFileURL.path
  }

  private static func key(_ id: JSONText) -> String { id.renderedCompactly }

  /// One change of `didChange`: a range and its new text, or the whole
  /// text (no range).
  struct ContentChange {
    var range: (start: TextDocument.Position, end: TextDocument.Position)?
    var text: String
  }

  /// The changes of a `didChange`; nil when one has no text or a range
  /// whose positions are not positions (none of them is then applied).
  static func contentChanges(_ params: JSONText) -> [ContentChange]? {
    var changes: [ContentChange] = []
    for change in params["contentChanges"]?.array ?? [] {
      guard let text = change["text"]?.string else { return nil }
      guard let range = change["range"] else {
        changes.append(ContentChange(range: nil, text: text))
        continue
      }
      guard let start = TextDocument.Position(range["start"]), let end = TextDocument.Position(range["end"]) else {
        return nil
      }
      changes.append(ContentChange(range: (start, end), text: text))
    }
    return changes
  }
}
