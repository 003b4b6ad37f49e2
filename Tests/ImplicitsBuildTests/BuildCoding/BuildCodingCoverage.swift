import Foundation

/// What the sources declare of the build's encoding, read from their text
/// so that a test cannot fall behind them: the types that conform to
/// `BuildCodable` (in their declaration or an extension, in any file under
/// `Sources/`), and the cases of every enum.
struct BuildCodingCoverage {
  /// Conforming types, as the sources name them (`Diagnostic.Note`).
  var conforming: Set<String> = []
  /// The cases of each enum, by the name of its declaration and by the
  /// names of its conformances (`Status`, `ModuleOutcome.Status`).
  var enumCases: [String: Set<String>] = [:]

  /// The cases the enum named `name` (its last component) declares; nil
  /// when there is no such enum or more than one.
  func cases(ofEnumNamed name: String) -> Set<String>? { enumCases[name] }

  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  static func scan() throws -> BuildCodingCoverage {
    var coverage = BuildCodingCoverage()
    // Each type's short name: the keywords that declare it, its cases.
    var kinds: [String: [String]] = [:]
    var directEnums: [String: Set<String>] = [:]
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    for file in files.sorted() where file.hasSuffix(".swift") {
      let text = try withoutComments(String(contentsOfFile: sources.path + "/" + file, encoding: .utf8))
      for declaration in declarations(in: text[...]) {
        let short = String(declaration.name.split(separator: ".").last!)
        if declaration.keyword != "extension" { kinds[short, default: []].append(declaration.keyword) }
        let conforms = declaration.inherited.contains("BuildCodable")
        if conforms { coverage.conforming.insert(declaration.name) }
        guard declaration.keyword == "enum", let body = declaration.body else { continue }
        coverage.enumCases[short] = cases(in: body)
        if conforms { directEnums[declaration.name] = cases(in: body) }
      }
    }
    // A name declared more than once (two modules' types) names no enum.
    for (name, keywords) in kinds where keywords != ["enum"] { coverage.enumCases[name] = nil }
    // A conformance made in an extension names the enum, perhaps nested.
    for name in coverage.conforming {
      if let cases = directEnums[name] ?? coverage.enumCases[String(name.split(separator: ".").last!)] {
        coverage.enumCases[name] = cases
      }
    }
    return coverage
  }

  struct Declaration {
    var keyword: String
    /// Qualified by the types it is declared in (`ModuleState.SourceRecord`).
    var name: String
    /// The names after the colon, before any `where`.
    var inherited: Set<String>
    /// The text between its braces.
    var body: Substring?
  }

  /// The type declarations and extensions of `text`, nested ones with
  /// their enclosing types' names.
  static func declarations(in text: Substring, prefix: String = "") -> [Declaration] {
    let pattern = try! Regex(
      #"\b(extension|enum|struct|class|actor|protocol)\s+([A-Za-z_][A-Za-z0-9_.]*)(?:<[^>{]*>)?\s*(?::([^{]*))?\{"#)
    var found: [Declaration] = []
    var rest = text[...]
    while let match = rest.firstMatch(of: pattern) {
      let keyword = String(match.output[1].substring!)
      let name = String(match.output[2].substring!)
      var inherited = Set<String>()
      if let clause = match.output[3].substring {
        let list = clause.components(separatedBy: " where ").first ?? ""
        inherited = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
      }
      let open = text.index(before: match.range.upperBound)
      let close = matchingBrace(in: text, from: open)
      let body = text[text.index(after: open)..<close]
      let qualified = keyword == "extension" ? name : prefix + name
      found.append(Declaration(keyword: keyword, name: qualified, inherited: inherited, body: body))
      found += declarations(in: body, prefix: qualified + ".")
      rest = close < text.endIndex ? text[text.index(after: close)...] : text[close...]
    }
    return found
  }

  /// The names of the cases an enum's body declares at its own level (not
  /// those of nested types, nor the patterns of a `switch`).
  static func cases(in body: Substring) -> Set<String> {
    var names = Set<String>()
    var depth = 0
    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if depth == 0, trimmed.hasPrefix("case ") {
        var parentheses = 0
        var item = ""
        for character in trimmed.dropFirst(5) + "," {
          if character == "(" { parentheses += 1 }
          if character == ")" { parentheses -= 1 }
          if character == ",", parentheses == 0 {
            names.insert(String(item.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            item = ""
          } else {
            item.append(character)
          }
        }
      }
      depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
    }
    names.remove("")
    return names
  }

  /// The index of the brace that closes the one at `open`.
  static func matchingBrace(in text: Substring, from open: String.Index) -> String.Index {
    var depth = 0
    var index = open
    while index < text.endIndex {
      if text[index] == "{" { depth += 1 }
      if text[index] == "}" {
        depth -= 1
        if depth == 0 { return index }
      }
      index = text.index(after: index)
    }
    return text.endIndex
  }

  /// `text` without its `//` comments and the contents of its string
  /// literals (multi-line ones too), so that neither a comment nor a
  /// message, nor code a string holds, reads as a declaration or a brace.
  static func withoutComments(_ text: String) -> String {
    var result = ""
    var inMultiline = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let characters = Array(line)
      var index = 0
      var kept = ""
      var inString = false
      var escaped = false
      func opensTriple(_ at: Int) -> Bool {
        at + 2 < characters.count && characters[at] == "\"" && characters[at + 1] == "\"" && characters[at + 2] == "\""
      }
      while index < characters.count {
        let character = characters[index]
        defer { index += 1 }
        if inMultiline {
          if opensTriple(index) {
            inMultiline = false
            index += 2
          }
        } else if inString {
          if escaped {
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            inString = false
            kept.append(character)
          }
        } else if opensTriple(index) {
          inMultiline = true
          kept += "\"\""
          index += 2
        } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
          break
        } else {
          if character == "\"" { inString = true }
          kept.append(character)
        }
      }
      result += kept + "\n"
    }
    return result
  }
}
