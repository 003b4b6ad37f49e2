/// ANSI styles for text shown on a terminal: the severities in the
/// colours swiftc uses, and bold.
public enum TerminalStyle {
  static let reset = "\u{1B}[0m"

  public static func bold(_ text: String) -> String { "\u{1B}[1m" + text + reset }
  public static func red(_ text: String) -> String { "\u{1B}[1;31m" + text + reset }
  public static func green(_ text: String) -> String { "\u{1B}[1;32m" + text + reset }
  public static func yellow(_ text: String) -> String { "\u{1B}[1;33m" + text + reset }
  public static func magenta(_ text: String) -> String { "\u{1B}[1;35m" + text + reset }
  public static func gray(_ text: String) -> String { "\u{1B}[1;90m" + text + reset }

  /// The colour of a severity's word: errors red, warnings magenta, notes gray.
  public static func severity(_ severity: Diagnostic.Severity) -> (String) -> String {
    switch severity {
    case .error: red
    case .warning: magenta
    case .note: gray
    }
  }

  /// A line of the tool's own, coloured: `error:` and `warning:` (at the
  /// start or after a `path:line:col:` place), and a build's verdict (red
  /// when it failed, yellow when interrupted, green when it succeeded).
  public static func message(_ line: String) -> String {
    for (verdict, color) in [("Build failed", red), ("Build interrupted", yellow), ("Build succeeded", green)]
    where line.hasPrefix(verdict + ":") {
      return color(verdict) + line.dropFirst(verdict.count)
    }
    for severity in [Diagnostic.Severity.error, .warning] {
      let word = severity.rawValue + ":"
      if line.hasPrefix(word) { return Self.severity(severity)(word) + line.dropFirst(word.count) }
      // `path:line:col: error: …` (manifest errors)
      if let range = line.range(of: ": " + word + " "), !line[..<range.lowerBound].contains(" ") {
        return bold(String(line[..<range.lowerBound]) + ":") + " " + Self.severity(severity)(word) + " "
          + line[range.upperBound...]
      }
    }
    return line
  }
}
