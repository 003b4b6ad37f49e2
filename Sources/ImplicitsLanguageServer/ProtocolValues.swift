import Foundation
import ImplicitsAnalysis
import ImplicitsInterface

/// The protocol's values that the server writes: positions, ranges,
/// locations, diagnostics, hovers and edits, as `JSONText`.
enum ProtocolValues {
  static func position(_ position: TextDocument.Position) -> JSONText {
    .object(["line": .int(position.line), "character": .int(position.character)])
  }

  static func range(_ start: TextDocument.Position, _ end: TextDocument.Position) -> JSONText {
    .object(["start": position(start), "end": position(end)])
  }

  /// The range a diagnostic at the analyzer's `line` and `column` covers:
  /// the word (identifier) that starts there, or one character.
  static func range(line: Int, column: Int, in document: TextDocument) -> JSONText {
    let start = document.position(line: line, column: column)
    let text = document.line(line).utf8
    var end = column - 1
    let bytes = Array(text)
    while end < bytes.count, bytes[end] == UInt8(ascii: "_") || bytes[end] >= 0x80 || isAlphanumeric(bytes[end]) { end += 1 }
    if end == column - 1 { end = min(bytes.count, column) }
    return range(start, document.position(line: line, column: end + 1))
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  /// A diagnostic of no rule on a whole file, at its start: that it is
  /// not checked (`severity` 3, information), or that its module's
  /// analysis crashed (1, an error).
  static func fileNotice(_ message: String, severity: Int) -> JSONText {
    .object([
      "range": range(.init(line: 0, character: 0), .init(line: 0, character: 0)),
      "severity": .int(severity), "source": .string("implicits"), "message": .string(message),
    ])
  }

  static func uri(of path: String) -> String { URL(fileURLWithPath: path).absoluteString }

  /// A diagnostic, its notes as related information. `document` gives the
  /// text of a file (the editor's or the disk's) for its positions.
  static func diagnostic(_ diagnostic: Diagnostic, document: (String) -> TextDocument) -> JSONText {
    let here = document(diagnostic.location.file)
    var value: [String: JSONText] = [
      "range": range(line: diagnostic.location.line, column: diagnostic.location.column, in: here),
      "severity": .int(severity(diagnostic.severity)),
      "code": .string(diagnostic.rule.rawValue),
      "source": .string("implicits"),
      "message": .string(diagnostic.message),
    ]
    if !diagnostic.notes.isEmpty {
      value["relatedInformation"] = .array(
        diagnostic.notes.map { note in
          .object([
            "location": .object([
              "uri": .string(uri(of: note.location.file)),
              "range": range(line: note.location.line, column: note.location.column, in: document(note.location.file)),
            ]),
            "message": .string(note.message),
          ])
        })
    }
    return .object(value)
  }

  static func severity(_ severity: Diagnostic.Severity) -> Int {
    switch severity {
    case .error: 1
    case .warning: 2
    case .note: 3
    }
  }

  /// The Markdown of a hover over `entry`.
  static func hover(_ entry: CodeIndex.Entry) -> String {
    func list(_ keys: [CodeIndex.Key]) -> String {
      keys.map { key in "- `\(key.name)`" + (key.module.map { " (module `\($0)`)" } ?? "") }.joined(separator: "\n")
    }
    switch entry.kind {
    case .declaration, .call:
      let subject = "`\(entry.name)`"
      return entry.keys.isEmpty
        ? "\(subject) requires no implicits" : "\(subject) requires:\n\n" + list(entry.keys)
    case .rootScope, .nestedScope, .bagScope:
      let what: String
      switch entry.kind {
      case .rootScope: what = "This root scope"
      case .nestedScope: what = "This nested scope"
      default: what = "This scope, reopening a bag,"
      }
      var text = entry.keys.isEmpty ? "\(what) provides no implicits" : "\(what) provides:\n\n" + list(entry.keys)
      if !entry.missing.isEmpty { text += "\n\nIt misses:\n\n" + list(entry.missing) }
      return text
    }
  }

  /// The line a code action adds to provide `key`, indented like `indent`.
  static func provide(_ key: CodeIndex.Key, indent: Substring) -> String {
    if key.isNamed {
      let name = key.name.hasPrefix("\\.") ? String(key.name.dropFirst(2)) : key.name
      // The key itself, not a key path: it works for another module's key
      // too (a key path to one is the `cross-module-key-path` warning).
      return "\(indent)@Implicit(ImplicitsKeys.\(name)) var \(name) = <#value#>\n"
    }
    let base = key.name.split(separator: ".").last.map(String.init) ?? key.name
    let variable = base.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    let name = variable.prefix(1).lowercased() + variable.dropFirst()
    return "\(indent)@Implicit var \(name.isEmpty ? "value" : name): \(key.name) = <#value#>\n"
  }
}
