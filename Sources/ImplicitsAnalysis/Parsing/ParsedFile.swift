import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One source file of the analyzed module, parsed.
final class ParsedFile {
  /// The path as given on the command line; diagnostics use it.
  let path: String
  /// The path relative to the sources root, with `/` separators; interfaces
  /// use it.
  let relativePath: String
  /// The file's name (`Feed.swift`).
  let fileName: String
  let tree: SourceFileSyntax
  let converter: SourceLocationConverter
  /// Whether top-level statements are code (`main.swift`) rather than
  /// global declarations.
  let isMain: Bool
  /// Set when the file is beyond `NestingLimits`: the only diagnostic, and
  /// nothing of the file is analyzed (`tree` is then empty when the file
  /// was not parsed at all).
  private(set) var limitDiagnostic: Diagnostic?

  init(path: String, relativePath: String, text: [UInt8]) {
    self.path = path
    self.relativePath = relativePath
    let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
    fileName = name
    isMain = name == "main.swift"
    if let (offset, excess) = NestingLimits.excessiveNesting(in: text) {
      // Not parsed: the parser would take exponential time.
      tree = Parser.parse(source: "")
      converter = SourceLocationConverter(fileName: path, tree: tree)
      let (line, column) = Self.lineAndColumn(of: offset, in: text)
      limitDiagnostic = .excessiveNesting(excess, at: SourceLocation(file: path, line: line, column: column))
      return
    }
    tree = text.withUnsafeBufferPointer { Parser.parse(source: $0) }
    converter = SourceLocationConverter(fileName: path, tree: tree)
    if let deep = NestingLimits.firstTooDeepNode(in: tree) {
      limitDiagnostic = .syntaxTreeTooDeep(at: location(of: deep))
    }
  }

  /// An `=` the lexer finds unevenly spaced although spaces or tabs are on
  /// both sides (a form feed, a vertical tab or a line separator right
  /// before it, after a space): ParseDiagnosticsGenerator builds an empty
  /// Fix-It for it, which traps (found by `Fuzz/FuzzAnalyzer`).
  private func tokenThatTrapsTheDiagnosticsGenerator() -> TokenSyntax? {
    func hasSpaceOrTab(_ trivia: Trivia) -> Bool {
      trivia.contains { piece in
        switch piece {
        case .spaces, .tabs: true
        default: false
        }
      }
    }
    for token in tree.tokens(viewMode: .all)
    where token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides {
      let before = token.previousToken(viewMode: .all).map { hasSpaceOrTab($0.trailingTrivia) } ?? false
      if before && hasSpaceOrTab(token.trailingTrivia) { return token }
    }
    return nil
  }

  /// 1-based line and column (in UTF-8 bytes) of a byte offset.
  private static func lineAndColumn(of offset: Int, in text: [UInt8]) -> (Int, Int) {
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, text.count) where text[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return (line, offset - lineStart + 1)
  }

  /// Whether `other` is this file, maybe another version of it (the
  /// declarations of a version whose skeleton did not change serve the
  /// next, `DeclarationsCache`).
  func isSameFile(as other: ParsedFile) -> Bool { self === other || path == other.path }

  /// The location of `node`, after its leading trivia.
  func location(of node: some SyntaxProtocol) -> SourceLocation {
    location(at: node.positionAfterSkippingLeadingTrivia)
  }

  func location(at position: AbsolutePosition) -> SourceLocation {
    let resolved = converter.location(for: position)
    return SourceLocation(file: path, line: resolved.line, column: resolved.column)
  }

  /// The parser's own errors, as compiler-style diagnostics.
  func syntaxDiagnostics() -> [Diagnostic] {
    if let limitDiagnostic { return [limitDiagnostic] }
    guard tree.hasError else { return [] }
    if let trap = tokenThatTrapsTheDiagnosticsGenerator() {
      // SwiftParserDiagnostics stops the process on it (a Fix-It with no
      // change), so this error is reported alone, in its words.
      return [.unevenlySpacedEquals(at: location(of: trap))]
    }
    return ParseDiagnosticsGenerator.diagnostics(for: tree).map { diagnostic in
      let severity: Diagnostic.Severity
      switch diagnostic.diagMessage.severity {
      case .error: severity = .error
      case .warning: severity = .warning
      default: severity = .note
      }
      return .syntaxError(
        diagnostic.message, severity: severity, at: location(at: diagnostic.position),
        notes: diagnostic.notes.map { Diagnostic.Note(location: location(at: $0.position), message: $0.message) })
    }
  }
}
