import SwiftParser
import SwiftSyntax

/// Parses text as a type.
enum TypeParsing {
  static func parseType(_ text: String) -> TypeSyntax? {
    var parser = Parser(text)
    let type = TypeSyntax.parse(from: &parser)
    guard !type.hasError, type.trimmedDescription == text.trimmingWhitespace() else { return nil }
    return type
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
