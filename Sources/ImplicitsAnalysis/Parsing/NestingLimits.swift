import SwiftSyntax

/// What a source file may cost, whatever it holds.
///
/// SwiftParser's lookahead takes time that doubles with every level of
/// `[` nested in another where the code between could be a type (`[[[[…`,
/// `[([(…`, `[(a, [(a, …`: seconds at 20 levels, hours at 40), so more than
/// `bracketDepth` levels of `[` are refused before parsing. Everything else
/// nests at most `treeDepth` syntax nodes deep, checked right after parsing
/// by a walk that never descends past that depth; the parser itself refuses
/// more than 256 levels of brackets and bodies. Parsing and the analyzer's
/// walks run on threads with `stackSize` bytes of stack (reserved, not
/// used), so that what the limits allow never overflows it.
public enum NestingLimits {
  /// The most `[` open at once (array and dictionary literals and types,
  /// subscripts).
  public static let bracketDepth = 12
  /// The most generic argument lists open at once (`A<B<C<…`): parsing
  /// them takes time that grows faster than their length.
  public static let genericDepth = 64
  /// The most string interpolations open at once (`"\("\(…)")"`): the
  /// parser's time and memory grow faster than their length.
  public static let interpolationDepth = 16
  /// The deepest syntax tree the analyzer walks (a member chain `a.b.c…`
  /// is one level per link; code rarely goes past 100).
  public static let treeDepth = 2_000
  /// Stack of the threads that parse and analyze: deep enough for
  /// `treeDepth` levels in the parser and in every recursive walk.
  public static let stackSize = 512 << 20

  /// A nesting the lexical scan refuses.
  enum Excess: Equatable {
    /// `[` nested deeper than `bracketDepth`.
    case brackets
    /// Generic argument lists (a `<` right after a name) nested deeper than
    /// `genericDepth` on one line.
    case genericArguments
    /// String interpolations nested deeper than `interpolationDepth`.
    case interpolations
  }

  /// The first nesting past a limit, outside comments and string literals
  /// (interpolations are code), with the UTF-8 offset of the bracket, `<`
  /// or `\` that opens it; nil when the text is within every limit.
  static func excessiveNesting(in text: [UInt8]) -> (offset: Int, excess: Excess)? {
    var scanner = BracketScanner(text: text)
    return scanner.scan()
  }

  /// The first node (in source order) deeper than `treeDepth`; nil when
  /// the tree is within the limit. The walk never goes below that depth, so
  /// its recursion is bounded by the limit, not by the file.
  static func firstTooDeepNode(in tree: SourceFileSyntax) -> Syntax? {
    let finder = DepthFinder(viewMode: .sourceAccurate)
    finder.walk(tree)
    return finder.found
  }
}

/// Walks a tree in source order until it finds a node deeper than
/// `NestingLimits.treeDepth` (the root is at depth 0).
private final class DepthFinder: SyntaxAnyVisitor {
  /// The depth of the node being visited.
  private var depth = 0
  private(set) var found: Syntax?

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    defer { depth += 1 }
    if found == nil, depth > NestingLimits.treeDepth { found = node }
    return found == nil ? .visitChildren : .skipChildren
  }

  override func visitAnyPost(_ node: Syntax) {
    depth -= 1
  }
}

/// A lexical scan of Swift text that follows the nesting of `[`, of generic
/// argument lists and of interpolations: it skips comments and string
/// literals (with their `\(…)` interpolations scanned as code).
private struct BracketScanner {
  let text: [UInt8]
  var index = 0
  var depth = 0
  /// Generic argument lists open on this line (a `<` right after a name or
  /// a `>`; a comparison written without spaces counts too, until the end
  /// of the line).
  var angles = 0
  /// Interpolations open around the current position.
  var interpolations = 0

  init(text: [UInt8]) {
    self.text = text
  }

  private func byte(_ offset: Int = 0) -> UInt8? {
    index + offset < text.count ? text[index + offset] : nil
  }

  mutating func scan() -> (offset: Int, excess: NestingLimits.Excess)? {
    scanCode(untilClosingParen: false)
  }

  /// Code, until the end or (in an interpolation) the `)` that closes it.
  private mutating func scanCode(untilClosingParen: Bool) -> (offset: Int, excess: NestingLimits.Excess)? {
    var parens = 0
    while let current = byte() {
      switch current {
      case UInt8(ascii: "\n"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
        angles = 0
        index += 1
      case UInt8(ascii: "<") where index > 0 && Self.continuesName(text[index - 1]):
        if let found = open(\.angles, limit: NestingLimits.genericDepth) { return (found, .genericArguments) }
      case UInt8(ascii: ">"):
        close(\.angles)
      case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
        while let next = byte(), next != UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
        skipBlockComment()
      case UInt8(ascii: "["):
        if let found = open(\.depth, limit: NestingLimits.bracketDepth) { return (found, .brackets) }
      case UInt8(ascii: "]"):
        close(\.depth)
      case UInt8(ascii: "\""), UInt8(ascii: "#"):
        if let found = scanStringIfAny() { return found }
      case UInt8(ascii: "("):
        parens += 1
        index += 1
      case UInt8(ascii: ")"):
        index += 1
        if untilClosingParen {
          if parens == 0 { return nil }
          parens -= 1
        }
      default:
        index += 1
      }
    }
    return nil
  }

  /// An opening bracket: one level more; its offset when past `limit`.
  private mutating func open(_ level: WritableKeyPath<Self, Int>, limit: Int) -> Int? {
    self[keyPath: level] += 1
    if self[keyPath: level] > limit { return index }
    index += 1
    return nil
  }

  /// A closing bracket: one level less (never below none).
  private mutating func close(_ level: WritableKeyPath<Self, Int>) {
    self[keyPath: level] = max(0, self[keyPath: level] - 1)
    index += 1
  }

  /// A byte that ends a name or a generic argument list.
  private static func continuesName(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ">")
      || byte >= 0x80
  }

  private mutating func skipBlockComment() {
    var depth = 0
    while let current = byte() {
      if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if current == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return }
      } else {
        index += 1
      }
    }
  }

  /// At `"` or `#`: a string literal (raw when `#`s come first), scanned to
  /// its end; a lone `#` (`#if`, `#implicits`) is skipped.
  private mutating func scanStringIfAny() -> (offset: Int, excess: NestingLimits.Excess)? {
    var hashes = 0
    while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
    guard byte(hashes) == UInt8(ascii: "\"") else {
      index += max(hashes, 1)
      return nil
    }
    index += hashes
    let multiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
    index += multiline ? 3 : 1
    while let current = byte() {
      if current == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ byte(1 + $0) == UInt8(ascii: "#") }) {
        // `\` then as many `#` as the literal has: an escape.
        let after = index + 1 + hashes
        guard after < text.count else { return nil }
        if text[after] == UInt8(ascii: "(") {
          interpolations += 1
          if interpolations > NestingLimits.interpolationDepth { return (index, .interpolations) }
          index = after + 1
          if let found = scanCode(untilClosingParen: true) { return found }
          interpolations -= 1
          continue
        }
        index = after + 1
        continue
      }
      if current == UInt8(ascii: "\"") {
        let quotes = multiline ? 3 : 1
        if (0..<quotes).allSatisfy({ byte($0) == UInt8(ascii: "\"") })
          && (0..<hashes).allSatisfy({ byte(quotes + $0) == UInt8(ascii: "#") })
        {
          index += quotes + hashes
          return nil
        }
      }
      if current == UInt8(ascii: "\n"), !multiline { return nil }
      index += 1
    }
    return nil
  }
}
