/// Checks names that become Swift module names or `-D` conditions.
public enum SwiftIdentifier {
  /// Words that cannot name a module without backticks. Contextual keywords
  /// (`open`, `some`, `borrowing`, ...) are fine as module names and are not
  /// listed. Kept in sync with the JSON Schema's `identifier` definition.
  static let reservedWords: Set<String> = [
    // declarations
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var",
    // statements
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
    // expressions and types
    "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    // patterns
    "_",
  ]

  /// Why `name` is not a valid module name, or `nil` if it is one: ASCII
  /// letters, digits and underscores, not starting with a digit, not a
  /// reserved word. (Swift allows more Unicode in identifiers, but module
  /// names also become file names and linker symbols, so ASCII it is.)
  public static func problem(with name: String, allowReservedWords: Bool = false) -> String? {
    guard let first = name.unicodeScalars.first else { return "it is empty" }
    if let bad = name.unicodeScalars.first(where: { !isIdentifierScalar($0) }) {
      let shown = bad == " " ? "a space" : "'\(bad)'"
      return "it contains \(shown); use only ASCII letters, digits and underscores"
    }
    if ("0"..."9").contains(first) {
      return "it starts with a digit"
    }
    if !allowReservedWords, reservedWords.contains(name) {
      return "it is a Swift keyword"
    }
    return nil
  }

  private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
  }
}

/// A compilation condition, as `swiftc -D` takes it.
public enum CompilationCondition {
  /// Why `text` is not a condition, or `nil` if it is one. `NAME=VALUE` is
  /// refused as swiftc refuses it: Swift conditions are set or not set.
  public static func problem(with text: String) -> String? {
    if let equals = text.firstIndex(of: "=") {
      let name = text[..<equals].isEmpty ? "NAME" : String(text[..<equals])
      return "conditions have no values in Swift, they are either set or not set: "
        + "write '\(name)' and test it with '#if \(name)'"
    }
    return SwiftIdentifier.problem(with: text, allowReservedWords: true)
  }

  /// The whole message about `text`, or `nil` if it is a condition.
  public static func message(about text: String) -> String? {
    problem(with: text).map { "'\(text)' is not a valid compilation condition: \($0)" }
  }
}
