import ImplicitsAnalysis
import ImplicitsInterface

/// Hovers and code actions, answered from the module's current analysis
/// (`CodeIndex`).
extension LanguageServer {
  /// What the function declared or called under the cursor requires, or
  /// what the scope opened on the cursor's line provides; null elsewhere.
  func hover(_ path: String, at position: TextDocument.Position) -> JSONText {
    guard let result = analysis(of: path) else { return .null }
    let document = shared.withLock { s in s.workspace.document(path) }
    let (line, column) = document.location(of: position)
    let text = Array(document.line(line).utf8)
    for entry in result.index.entries(inFile: path, line: line) {
      let end: Int
      switch entry.kind {
      case .declaration:
        end = entry.location.column + (entry.name.prefix { $0 != "(" }.split(separator: ".").last?.utf8.count ?? 0)
      case .call:
        // The callee: up to the call's parenthesis (or its trailing closure).
        var offset = entry.location.column - 1
        while offset < text.count, text[offset] != UInt8(ascii: "("), text[offset] != UInt8(ascii: "{") { offset += 1 }
        end = offset + 1
      case .rootScope, .nestedScope, .bagScope:
        end = text.count + 1
      }
      guard column >= entry.location.column, column < end else { continue }
      let start = document.position(line: line, column: entry.location.column)
      return .object([
        "contents": .object(["kind": .string("markdown"), "value": .string(ProtocolValues.hover(entry))]),
        "range": ProtocolValues.range(start, document.position(line: line, column: end)),
      ])
    }
    return .null
  }

  /// For each unresolved requirement on the lines of `range`: one action
  /// a key, adding `@Implicit var name: Key = <#value#>` after the scope
  /// that misses it (after its `defer { scope.end() }` when it has one);
  /// and one for each fix-it of a diagnostic on those lines.
  func codeActions(_ path: String, lines range: (start: TextDocument.Position, end: TextDocument.Position)) -> JSONText {
    guard let result = analysis(of: path) else { return .array([]) }
    let document = shared.withLock { s in s.workspace.document(path) }
    let (first, last) = (range.start.line + 1, range.end.line + 1)
    var actions: [JSONText] = []
    for entry in result.index.entries where entry.location.file == path && !entry.missing.isEmpty {
      guard entry.location.line >= first, entry.location.line <= last else { continue }
      let scopeLine = document.line(entry.location.line)
      let indent = scopeLine.prefix { $0 == " " || $0 == "\t" }
      var after = entry.location.line
      if document.line(after + 1).contains("defer") && document.line(after + 1).contains(".end()") { after += 1 }
      let insertAt = TextDocument.Position(line: after, character: 0)
      let diagnostic = result.diagnostics.first {
        $0.rule == .unresolvedRequirement && $0.location.file == path && $0.location.line == entry.location.line
      }
      for key in entry.missing {
        let edit: JSONText = .object([
          "range": ProtocolValues.range(insertAt, insertAt),
          "newText": .string(ProtocolValues.provide(key, indent: indent)),
        ])
        var action: [String: JSONText] = [
          "title": .string("Provide '\(key.name)' in this scope"),
          "kind": .string("quickfix"),
          "edit": .object(["changes": .object([ProtocolValues.uri(of: path): .array([edit])])]),
        ]
        if let diagnostic {
          action["diagnostics"] = .array([ProtocolValues.diagnostic(diagnostic, document: { _ in document })])
        }
        actions.append(.object(action))
      }
    }
    // The analyzer's own fix-its (a key path to another module's named key:
    // the key written itself), one action each.
    for diagnostic in result.diagnostics where diagnostic.location.file == path && !diagnostic.fixIts.isEmpty {
      guard diagnostic.location.line >= first, diagnostic.location.line <= last else { continue }
      for fix in diagnostic.fixIts where fix.start.file == path {
        let edit: JSONText = .object([
          "range": ProtocolValues.range(
            document.position(line: fix.start.line, column: fix.start.column),
            document.position(line: fix.end.line, column: fix.end.column)),
          "newText": .string(fix.replacement),
        ])
        actions.append(
          .object([
            "title": .string("Replace with '\(fix.replacement)'"),
            "kind": .string("quickfix"),
            "isPreferred": .bool(true),
            "edit": .object(["changes": .object([ProtocolValues.uri(of: path): .array([edit])])]),
            "diagnostics": .array([ProtocolValues.diagnostic(diagnostic, document: { _ in document })]),
          ]))
      }
    }
    return .array(actions)
  }
}

/// What the server tells the client it does.
enum Capabilities {
  static let initializeResult: JSONText = .object([
    "capabilities": .object([
      // Incremental changes, and the text on save is not needed.
      "textDocumentSync": .object([
        "openClose": .bool(true), "change": .int(2), "save": .object(["includeText": .bool(false)]),
      ]),
      "hoverProvider": .bool(true),
      "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
    ]),
    "serverInfo": .object(["name": .string("implicits"), "version": .string(ToolVersion.current)]),
  ])
}
