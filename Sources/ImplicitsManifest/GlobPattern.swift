/// A compiled `sources` or `exclude` pattern.
///
/// Syntax, per `/`-separated component:
/// - `*` any run of characters within one component (never `/`);
/// - `?` exactly one character;
/// - `[abc]`, `[a-z]`, `[!a-z]` / `[^a-z]` one character from (or not from)
///   a set; `]` right after `[` (or `[!`) and `-` first or last are literal;
/// - `\x` the character `x` itself;
/// - `**` as a whole component: zero or more directories. (`**` inside a
///   component, as in `a**b`, is the same as `*`.)
///
/// As in a shell, a wildcard never matches a name's leading `.`, and `**`
/// never descends into a directory whose name starts with `.`; a component
/// written with a literal leading `.` (`.generated/*.swift`) does match.
///
/// Why a matcher of our own rather than Glibc: `fnmatch(3)` knows nothing of
/// `**` (with `FNM_PATHNAME` a `*` stops at `/`, without it `*` crosses any
/// number of `/`, and neither gives "zero or more whole directories"), and
/// glibc's `glob(3)` has no `GLOB_STAR` either. Matching component by
/// component also lets the resolver walk only the directories a pattern can
/// reach, skip hidden ones, and behave identically on Linux and macOS.
struct GlobPattern: Sendable, Equatable {
  /// One `/`-separated piece of the pattern.
  enum Segment: Sendable, Equatable {
    /// `**`.
    case globstar
    /// A name without wildcards (escapes already removed), including `..`.
    case literal(String)
    /// A name with at least one wildcard.
    case wildcard([Token])
  }

  enum Token: Sendable, Equatable {
    case character(Character)
    case anyCharacter
    case anySequence
    case set(CharacterSet)
  }

  /// A bracket expression.
  struct CharacterSet: Sendable, Equatable {
    var negated: Bool
    var singles: [Character]
    var ranges: [ClosedRange<Character>]

    func contains(_ character: Character) -> Bool {
      let member = singles.contains(character) || ranges.contains { $0.contains(character) }
      return member != negated
    }
  }

  /// The pattern as written.
  let text: String
  /// Whether the pattern starts with `/` (matched from the file system root
  /// rather than from the manifest's directory).
  let isAbsolute: Bool
  /// The components, with empty and `.` components removed, `name/..`
  /// folded away and runs of `**` folded into one. Empty for `.` (the
  /// manifest's directory itself).
  let segments: [Segment]

  /// Whether any segment has a wildcard (`*`, `?`, `[...]`, `**`).
  var hasWildcards: Bool {
    segments.contains { if case .literal = $0 { return false } else { return true } }
  }

  /// The names of the leading segments without wildcards.
  var literalPrefix: [String] {
    var prefix: [String] = []
    for segment in segments {
      guard case .literal(let name) = segment else { break }
      prefix.append(name)
    }
    return prefix
  }

  /// Compiles `text`, or says why it is not a valid pattern.
  init(_ text: String) throws(GlobSyntaxError) {
    guard !text.isEmpty else { throw GlobSyntaxError("the pattern is empty") }
    self.text = text
    self.isAbsolute = text.hasPrefix("/")
    // Most entries are plain paths (`Modules/App/Sources`): names without
    // a character to interpret and without `.` or `..` components.
    if let names = Self.plainNames(text) {
      segments = names.map { .literal(String($0)) }
      return
    }
    var segments: [Segment] = []
    for component in text.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
      let segment = try Self.parseSegment(component)
      if segment == .globstar, segments.last == .globstar { continue }
      if segment == .literal("..") {
        // `a/..` is nothing; `/..` is `/`. Leading `..` steps stay.
        if case .literal(let previous) = segments.last, previous != ".." {
          segments.removeLast()
          continue
        }
        if isAbsolute, segments.isEmpty { continue }
      }
      segments.append(segment)
    }
    self.segments = segments
  }

  /// The components of `text` when each is a plain name: no character to
  /// interpret, and none is `.` or `..` (nil otherwise).
  private static func plainNames(_ text: String) -> [Substring]? {
    guard !text.utf8.contains(where: isSpecial) else { return nil }
    let names = text.split(separator: "/", omittingEmptySubsequences: true)
    return names.contains { $0 == "." || $0 == ".." } ? nil : names
  }

  /// `\\`, `*`, `?` and `[`: the bytes a pattern interprets.
  private static func isSpecial(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[")
  }

  private static func parseSegment(_ component: Substring) throws(GlobSyntaxError) -> Segment {
    if component == "**" { return .globstar }
    // Most components are plain names: no character to interpret.
    if !component.utf8.contains(where: isSpecial) { return .literal(String(component)) }
    let characters = Array(component)
    var tokens: [Token] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      switch character {
      case "\\":
        guard index + 1 < characters.count else {
          throw GlobSyntaxError("'\\' at the end of '\(component)' escapes nothing")
        }
        tokens.append(.character(characters[index + 1]))
        index += 2
      case "*":
        if tokens.last != .anySequence { tokens.append(.anySequence) }
        index += 1
      case "?":
        tokens.append(.anyCharacter)
        index += 1
      case "[":
        let (set, next) = try parseSet(characters, from: index, in: component)
        tokens.append(.set(set))
        index = next
      default:
        tokens.append(.character(character))
        index += 1
      }
    }
    var literal = ""
    for token in tokens {
      guard case .character(let character) = token else { return .wildcard(tokens) }
      literal.append(character)
    }
    return .literal(literal)
  }

  /// Parses the bracket expression starting at `characters[start] == "["`;
  /// returns it and the index after its `]`.
  private static func parseSet(_ characters: [Character], from start: Int, in component: Substring)
    throws(GlobSyntaxError) -> (CharacterSet, Int)
  {
    var index = start + 1
    var set = CharacterSet(negated: false, singles: [], ranges: [])
    if index < characters.count, characters[index] == "!" || characters[index] == "^" {
      set.negated = true
      index += 1
    }
    var members: [Character] = []
    var first = true
    while true {
      guard index < characters.count else {
        throw GlobSyntaxError("'[' in '\(component)' has no closing ']'")
      }
      var character = characters[index]
      if character == "]" && !first {
        set.singles = members
        return (set, index + 1)
      }
      first = false
      if character == "\\" {
        guard index + 1 < characters.count else {
          throw GlobSyntaxError("'[' in '\(component)' has no closing ']'")
        }
        index += 1
        character = characters[index]
      }
      // A range: `a-z`, unless the `-` is the last member (`[a-]`).
      if index + 2 < characters.count, characters[index + 1] == "-", characters[index + 2] != "]" {
        var upper = characters[index + 2]
        var end = index + 2
        if upper == "\\", end + 1 < characters.count {
          end += 1
          upper = characters[end]
        }
        guard character <= upper else {
          throw GlobSyntaxError("the range '\(character)-\(upper)' in '\(component)' is reversed")
        }
        set.ranges.append(character...upper)
        index = end + 1
        continue
      }
      members.append(character)
      index += 1
    }
  }

  // MARK: Matching

  /// Whether `name` (one path component) matches `segment`. `**` matches
  /// any name that does not start with `.`.
  static func matches(_ segment: Segment, name: Substring) -> Bool {
    switch segment {
    case .globstar: return !name.hasPrefix(".")
    case .literal(let literal): return name == literal
    case .wildcard(let tokens): return matches(tokens, name: Array(name))
    }
  }

  /// Wildcard matching of one component, with a single backtracking point
  /// for the last `*` seen: O(tokens × characters), never exponential.
  static func matches(_ tokens: [Token], name: [Character]) -> Bool {
    if name.first == ".", tokens.first != .character(".") { return false }
    var t = 0
    var n = 0
    var star: (token: Int, name: Int)?
    while n < name.count {
      if t < tokens.count {
        switch tokens[t] {
        case .anySequence:
          star = (t, n)
          t += 1
          continue
        case .anyCharacter:
          t += 1
          n += 1
          continue
        case .character(let character) where character == name[n]:
          t += 1
          n += 1
          continue
        case .set(let set) where set.contains(name[n]):
          t += 1
          n += 1
          continue
        default: break
        }
      }
      guard let last = star else { return false }
      star = (last.token, last.name + 1)
      t = last.token + 1
      n = last.name + 1
    }
    while t < tokens.count, tokens[t] == .anySequence { t += 1 }
    return t == tokens.count
  }

  /// Whether the whole pattern matches a path given as components (for
  /// `exclude`): dynamic programming over segments × components, so `**`
  /// costs no backtracking blow-up.
  func matches(components: [Substring]) -> Bool {
    let s = segments.count
    let c = components.count
    // table[i][j]: segments[i...] match components[j...]
    var table = [[Bool]](repeating: [Bool](repeating: false, count: c + 1), count: s + 1)
    table[s][c] = true
    for i in stride(from: s - 1, through: 0, by: -1) {
      for j in stride(from: c, through: 0, by: -1) {
        if segments[i] == .globstar {
          table[i][j] = table[i + 1][j] || (j < c && Self.matches(.globstar, name: components[j]) && table[i][j + 1])
        } else {
          table[i][j] = j < c && Self.matches(segments[i], name: components[j]) && table[i + 1][j + 1]
        }
      }
    }
    return table[0][0]
  }
}

/// Why a pattern could not be compiled.
struct GlobSyntaxError: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}
