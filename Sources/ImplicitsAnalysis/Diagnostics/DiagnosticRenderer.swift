import Foundation

/// Prints diagnostics the way swiftc does, or as JSON.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
  case swiftc, json
}

public enum DiagnosticRenderer {
  /// `path:line:col: error: message` lines, each note on its own line.
  public static func swiftc(_ diagnostics: [Diagnostic]) -> String {
    var out = ""
    for diagnostic in diagnostics {
      out += "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
      for note in diagnostic.notes {
        out += "\(note.location): note: \(note.message)\n"
      }
    }
    return out
  }

  /// One JSON array of objects with `file`, `line`, `column`, `severity`,
  /// `message` and `notes` (objects with `file`, `line`, `column`,
  /// `message`).
  public static func json(_ diagnostics: [Diagnostic]) -> String {
    let objects: [[String: Any]] = diagnostics.map { diagnostic in
      [
        "file": diagnostic.location.file,
        "line": diagnostic.location.line,
        "column": diagnostic.location.column,
        "severity": diagnostic.severity.rawValue,
        "message": diagnostic.message,
        "notes": diagnostic.notes.map { note in
          [
            "file": note.location.file,
            "line": note.location.line,
            "column": note.location.column,
            "message": note.message,
          ] as [String: Any]
        },
      ]
    }
    let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  public static func render(_ diagnostics: [Diagnostic], as format: DiagnosticFormat) -> String {
    switch format {
    case .swiftc: swiftc(diagnostics)
    case .json: json(diagnostics)
    }
  }
}
