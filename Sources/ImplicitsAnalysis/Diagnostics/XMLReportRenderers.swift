/// The XML reports that CI servers read: Checkstyle (Jenkins' warnings
/// plugin, SonarQube, reviewdog) and JUnit (test-result panels of GitLab,
/// Jenkins, Azure Pipelines), as SwiftLint users wire them.
extension DiagnosticRenderer {
  /// `<checkstyle>` with one `<file>` per source file (sorted by path) and
  /// one `<error>` per diagnostic: `line`, `column`, `severity` (`error`,
  /// `warning`, `info`), `message` (the notes after it, one per line) and
  /// `source` (`implicits.` and the rule).
  public func checkstyle(_ diagnostics: [Diagnostic]) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
    let byFile = Dictionary(grouping: diagnostics) { display($0.location.file) }
    for file in byFile.keys.sorted() {
      out += "  <file name=\"\(Self.xmlAttribute(file))\">\n"
      for diagnostic in byFile[file]! {
        let severity =
          switch diagnostic.severity {
          case .error: "error"
          case .warning: "warning"
          case .note: "info"
          }
        out += "    <error line=\"\(diagnostic.location.line)\" column=\"\(diagnostic.location.column)\""
        out += " severity=\"\(severity)\" message=\"\(Self.xmlAttribute(messageWithNotes(diagnostic)))\""
        out += " source=\"implicits.\(Self.xmlAttribute(diagnostic.rule.rawValue))\"/>\n"
      }
      out += "  </file>\n"
    }
    return out + "</checkstyle>\n"
  }

  /// `<testsuites>` with one `<testsuite name="implicits">` that has one
  /// `<testcase>` per diagnostic: `classname` the file, `name` the rule
  /// and the place, a `<failure>` whose `type` is the severity, `message`
  /// the message, and text the diagnostic as swiftc prints it, notes
  /// included. No diagnostics: a suite of no tests, which CI servers show
  /// as passed.
  public func junit(_ diagnostics: [Diagnostic]) -> String {
    let count = diagnostics.count
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"implicits\" tests=\"\(count)\" failures=\"\(count)\" errors=\"0\">\n"
    out += "  <testsuite name=\"implicits\" tests=\"\(count)\" failures=\"\(count)\" errors=\"0\">\n"
    for diagnostic in diagnostics {
      let file = display(diagnostic.location.file)
      let place = "\(diagnostic.location.line):\(diagnostic.location.column)"
      out += "    <testcase classname=\"\(Self.xmlAttribute(file))\""
      out += " name=\"\(Self.xmlAttribute(diagnostic.rule.rawValue)) at \(file.isEmpty ? "" : Self.xmlAttribute(file) + ":")\(place)\">\n"
      out += "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(Self.xmlAttribute(diagnostic.message))\">"
      out += Self.xmlText(swiftc([diagnostic])) + "</failure>\n"
      out += "    </testcase>\n"
    }
    return out + "  </testsuite>\n</testsuites>\n"
  }

  /// The message and, one per line, its notes with their places
  /// (`note: path:line:col: message`), for the formats that carry one text.
  func messageWithNotes(_ diagnostic: Diagnostic) -> String {
    var message = diagnostic.message
    for note in diagnostic.notes { message += "\nnote: \(display(note.location)): \(note.message)" }
    return message
  }

  /// Element text: `&`, `<`, `>` escaped; control characters that XML 1.0
  /// cannot hold written `\u{XX}`, newline and tab kept.
  static func xmlText(_ text: String) -> String { xmlEscaped(text, inAttribute: false) }

  /// An attribute value in double quotes: also `"` escaped, and newline
  /// and tab as character references (a parser would fold them to spaces).
  static func xmlAttribute(_ text: String) -> String { xmlEscaped(text, inAttribute: true) }

  private static func xmlEscaped(_ text: String, inAttribute: Bool) -> String {
    replacingScalars(text) { scalar in
      switch scalar {
      case "&": "&amp;"
      case "<": "&lt;"
      case ">": "&gt;"
      case "\"" where inAttribute: "&quot;"
      case "\n" where inAttribute: "&#10;"
      case "\t" where inAttribute: "&#9;"
      case "\n", "\t": nil
      case _ where isControl(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF: unicodeEscape(scalar)
      default: nil
      }
    }
  }
}
