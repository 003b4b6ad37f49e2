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

  init(path: String, relativePath: String, text: [UInt8]) {
    self.path = path
    self.relativePath = relativePath
    let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
    fileName = name
    isMain = name == "main.swift"
    tree = text.withUnsafeBufferPointer { Parser.parse(source: $0) }
    converter = SourceLocationConverter(fileName: path, tree: tree)
  }

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
    guard tree.hasError else { return [] }
    return ParseDiagnosticsGenerator.diagnostics(for: tree).map { diagnostic in
      let severity: Diagnostic.Severity
      switch diagnostic.diagMessage.severity {
      case .error: severity = .error
      case .warning: severity = .warning
      default: severity = .note
      }
      return Diagnostic(
        location: location(at: diagnostic.position), severity: severity, rule: .syntaxError,
        message: "Syntax error: " + diagnostic.message,
        notes: diagnostic.notes.map { Diagnostic.Note(location: location(at: $0.position), message: $0.message) })
    }
  }
}
