import ImplicitsInterface

/// An open document's text as the editor has it, with the positions the
/// protocol speaks in: lines from 0, characters in UTF-16 code units. The
/// analyzer speaks in lines from 1 and columns in UTF-8 bytes from 1.
struct TextDocument {
  private(set) var text: String
  var version: Int
  /// Where each line starts, in UTF-8 bytes.
  private var lineStarts: [Int]

  init(text: String, version: Int) {
    self.text = text
    self.version = version
    lineStarts = Self.lineStarts(of: text)
  }

  var bytes: [UInt8] { Array(text.utf8) }

  /// A protocol position: line from 0, character in UTF-16 units.
  struct Position: Equatable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
      self.line = line
      self.character = character
    }

    /// A position a client sent: nil unless both are integers from 0 to
    /// 2^31 - 1 (the protocol's `uinteger`). One past the end of a line
    /// or of the text is valid: it stands for that end.
    init?(_ json: JSONText?) {
      let valid = 0...Int(Int32.max)
      guard let line = json?["line"]?.int, let character = json?["character"]?.int, valid.contains(line),
        valid.contains(character)
      else { return nil }
      self.init(line: line, character: character)
    }

    /// What a client is told of a position that is not one.
    static let invalid = "a position's 'line' and 'character' are integers from 0 to 2147483647"
  }

  /// Replaces `range` (the whole text when nil) with `newText`. A range
  /// past the end is clamped to it, as editors expect.
  mutating func replace(_ range: (start: Position, end: Position)?, with newText: String) {
    guard let range else {
      text = newText
      lineStarts = Self.lineStarts(of: text)
      return
    }
    let utf8 = Array(text.utf8)
    let start = offset(of: range.start, in: utf8)
    let end = max(start, offset(of: range.end, in: utf8))
    text = String(decoding: utf8[..<start] + Array(newText.utf8) + utf8[end...], as: UTF8.self)
    lineStarts = Self.lineStarts(of: text)
  }

  /// The UTF-8 offset of a protocol position (a line past the end: the
  /// text's end; before the start, which clients never send: its start).
  private func offset(of position: Position, in utf8: [UInt8]) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return utf8.count }
    let lineStart = lineStarts[position.line]
    let lineEnd = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] : utf8.count
    var units = 0
    var offset = lineStart
    let line = String(decoding: utf8[lineStart..<lineEnd], as: UTF8.self)
    for scalar in line.unicodeScalars {
      if units >= position.character || scalar == "\n" { break }
      units += scalar.utf16.count
      offset += scalar.utf8.count
    }
    return offset
  }

  /// The protocol position of the analyzer's `line` (from 1) and `column`
  /// (UTF-8 bytes from 1).
  func position(line: Int, column: Int) -> Position {
    guard line >= 1, line <= lineStarts.count else { return Position(line: max(0, line - 1), character: 0) }
    let utf8 = text.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[line - 1])
    let end = utf8.index(start, offsetBy: max(0, column - 1), limitedBy: utf8.endIndex) ?? utf8.endIndex
    return Position(line: line - 1, character: String(text[start..<end]).utf16.count)
  }

  /// The analyzer's line and column of a protocol position.
  func location(of position: Position) -> (line: Int, column: Int) {
    let utf8 = Array(text.utf8)
    let offset = offset(of: position, in: utf8)
    let line = min(max(0, position.line), lineStarts.count - 1)
    return (line + 1, offset - lineStarts[line] + 1)
  }

  /// The text of the analyzer's line `line` (from 1), without its newline.
  func line(_ line: Int) -> Substring {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let utf8 = text.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[line - 1])
    let end = line < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[line] - 1) : utf8.endIndex
    return text[start..<max(start, end)]
  }

  var lineCount: Int { lineStarts.count }

  private static func lineStarts(of text: String) -> [Int] {
    var starts = [0]
    for (offset, byte) in text.utf8.enumerated() where byte == 0x0A { starts.append(offset + 1) }
    return starts
  }
}
