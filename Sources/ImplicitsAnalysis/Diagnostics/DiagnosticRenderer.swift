import ImplicitsFileSystem
import ImplicitsInterface

/// How diagnostics are printed (`--diagnostics-format`).
public enum DiagnosticFormat: String, Sendable, CaseIterable {
  /// `path:line:col: error: message`, as swiftc prints them.
  case swiftc
  /// One JSON array.
  case json
  /// One SARIF 2.1.0 log.
  case sarif
  /// GitHub Actions workflow commands (`::error file=…::message`).
  case github
  /// One Checkstyle XML report.
  case checkstyle
  /// One JUnit XML report.
  case junit

  /// Whether diagnostics can be printed module by module as they come
  /// (the others are one document, printed at the end).
  public var isStreamed: Bool { self == .swiftc || self == .github }
}

/// Prints diagnostics in every format. Paths are shown relative to the
/// working directory when the file is below it, else absolute.
public struct DiagnosticRenderer: Sendable {
  /// Absolute and normalized.
  public var workingDirectory: String
  /// Whether `swiftc` lines are coloured for a terminal, as swiftc colours
  /// them: the place and the message bold, the severity in its colour.
  public var colored: Bool

  public init(workingDirectory: String = PathUtilities.currentDirectory(), colored: Bool = false) {
    self.workingDirectory = PathUtilities.normalize(workingDirectory)
    self.colored = colored
  }

  /// The path as diagnostics show it.
  public func display(_ path: String) -> String {
    PathUtilities.relative(PathUtilities.absolute(path, relativeTo: workingDirectory), below: workingDirectory)
  }

  func display(_ location: SourceLocation) -> String {
    "\(display(location.file)):\(location.line):\(location.column)"
  }

  /// `path:line:col: error: message` lines, each note on its own line.
  /// Control characters in paths and messages (a newline or an escape
  /// sequence in a file name) are written as `\u{1B}`, so that each
  /// diagnostic stays one clean line.
  public func swiftc(_ diagnostics: [Diagnostic]) -> String {
    var out = ""
    for diagnostic in diagnostics {
      out += line(display(diagnostic.location), diagnostic.severity, diagnostic.message)
      for note in diagnostic.notes {
        out += line(display(note.location), .note, note.message)
      }
    }
    return out
  }

  /// `place: severity: message` and a newline, coloured when asked (the
  /// escape sequences are added after the text's own are escaped).
  private func line(_ place: String, _ severity: Diagnostic.Severity, _ message: String) -> String {
    let (place, message) = (Self.escapingControls(place), Self.escapingControls(message))
    guard colored else { return "\(place): \(severity.rawValue): \(message)\n" }
    let color = TerminalStyle.severity(severity)
    return TerminalStyle.bold(place + ":") + " " + color(severity.rawValue + ":") + " " + TerminalStyle.bold(message) + "\n"
  }

  /// `text` with every control character (C0, DEL, C1) written `\u{XX}`.
  public static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return replacingScalars(text) { isControl($0) ? unicodeEscape($0) : nil }
  }

  /// `text` with each scalar for which `replacement` gives a string
  /// replaced by it (the one loop of every escaping of this file's formats).
  static func replacingScalars(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  /// `\u{1B}`: a scalar as the tool writes one it cannot show.
  static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// One JSON array of objects with `file`, `line`, `column`, `severity`,
  /// `rule`, `message`, `notes` (objects with `file`, `line`, `column`,
  /// `message`) and, where the diagnostic has edits that resolve it,
  /// `fixIts` (objects with `file`, `line`, `column`, `endLine`,
  /// `endColumn`, `replacement`; columns in UTF-8 bytes, the end exclusive).
  public func json(_ diagnostics: [Diagnostic]) -> String {
    func place(_ location: SourceLocation) -> [String: JSONText] {
      ["file": .string(display(location.file)), "line": .int(location.line), "column": .int(location.column)]
    }
    return JSONText.array(
      diagnostics.map { diagnostic in
        var object = place(diagnostic.location)
        object["severity"] = .string(diagnostic.severity.rawValue)
        object["rule"] = .string(diagnostic.rule.rawValue)
        object["message"] = .string(diagnostic.message)
        object["notes"] = .array(
          diagnostic.notes.map { note in
            var object = place(note.location)
            object["message"] = .string(note.message)
            return .object(object)
          })
        if !diagnostic.fixIts.isEmpty {
          object["fixIts"] = .array(
            diagnostic.fixIts.map { fix in
              var object = place(fix.start)
              object["endLine"] = .int(fix.end.line)
              object["endColumn"] = .int(fix.end.column)
              object["replacement"] = .string(fix.replacement)
              return .object(object)
            })
        }
        return .object(object)
      }
    ).rendered
  }

  /// GitHub Actions workflow commands: `::error` / `::warning` /
  /// `::notice`, one line per diagnostic, titled with its rule; the notes
  /// follow the message on lines of their own.
  public func github(_ diagnostics: [Diagnostic]) -> String {
    var out = ""
    for diagnostic in diagnostics {
      let command =
        switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
      let properties = [
        "file=" + Self.githubProperty(display(diagnostic.location.file)),
        "line=\(diagnostic.location.line)",
        "col=\(diagnostic.location.column)",
        "title=" + Self.githubProperty("implicits: " + diagnostic.rule.rawValue),
      ]
      let message = messageWithNotes(diagnostic)
      out += Self.escapingControls("::\(command) \(properties.joined(separator: ","))::\(Self.githubData(message))") + "\n"
    }
    return out
  }

  /// A workflow command's message: `%`, CR and LF escaped.
  static func githubData(_ text: String) -> String {
    replacingScalars(text) { scalar in
      switch scalar {
      case "%": "%25"
      case "\r": "%0D"
      case "\n": "%0A"
      default: nil
      }
    }
  }

  /// A workflow command's property value: also `:` and `,` escaped.
  static func githubProperty(_ text: String) -> String {
    githubData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
  }

  public func render(_ diagnostics: [Diagnostic], as format: DiagnosticFormat) -> String {
    switch format {
    case .swiftc: swiftc(diagnostics)
    case .json: json(diagnostics)
    case .sarif: sarif(diagnostics)
    case .github: github(diagnostics)
    case .checkstyle: checkstyle(diagnostics)
    case .junit: junit(diagnostics)
    }
  }
}

extension String {
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for character in self { if character == target { out += replacement } else { out.append(character) } }
    return out
  }
}

extension Array where Element == Diagnostic {
  /// The same diagnostics with warnings turned into errors
  /// (`--warnings-as-errors`).
  public func warningsAsErrors() -> [Diagnostic] {
    map { diagnostic in
      var copy = diagnostic
      if copy.severity == .warning { copy.severity = .error }
      return copy
    }
  }
}
