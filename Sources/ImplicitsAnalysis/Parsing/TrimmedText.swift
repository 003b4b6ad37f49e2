import SwiftSyntax

extension SyntaxProtocol {
  /// The node's source text without the leading trivia of its first token
  /// and the trailing trivia of its last: what `trimmedDescription` gives,
  /// cut from the node's bytes instead of from a detached copy of its
  /// subtree (which SwiftSyntax makes for every call). A node with syntax
  /// errors takes SwiftSyntax's way: where its last token is missing, the
  /// trailing trivia that stays is the token's before it.
  var trimmedText: String {
    if hasError { return trimmedDescription }
    let bytes = syntaxTextBytes
    let start = positionAfterSkippingLeadingTrivia.utf8Offset - position.utf8Offset
    let end = bytes.count - (endPosition.utf8Offset - endPositionBeforeTrailingTrivia.utf8Offset)
    guard start <= end else { return "" }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
