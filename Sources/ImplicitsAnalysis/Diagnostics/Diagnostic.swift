/// A compiler-style message about the analyzed code.
public struct Diagnostic: Hashable, Sendable, Codable {
  public enum Severity: String, Sendable, Codable, Comparable {
    case error, warning, note

    private var rank: Int {
      switch self {
      case .error: 0
      case .warning: 1
      case .note: 2
      }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  /// A secondary message attached to a diagnostic: one step of a call
  /// chain, a candidate of an ambiguous call.
  public struct Note: Hashable, Sendable, Codable {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
      self.location = location
      self.message = message
    }
  }

  /// An edit that resolves the diagnostic: the text from `start` up to
  /// `end` (a range of one file) replaced by `replacement`.
  public struct FixIt: Hashable, Sendable, Codable {
    public var start: SourceLocation
    public var end: SourceLocation
    public var replacement: String

    public init(start: SourceLocation, end: SourceLocation, replacement: String) {
      self.start = start
      self.end = end
      self.replacement = replacement
    }
  }

  public var location: SourceLocation
  public var severity: Severity
  /// What the diagnostic is about: a stable identifier.
  public var rule: DiagnosticRule
  public var message: String
  public var notes: [Note]
  /// Edits that resolve it, each on its own (the editor offers them).
  public var fixIts: [FixIt]

  public init(
    location: SourceLocation, severity: Severity, rule: DiagnosticRule, message: String, notes: [Note] = [],
    fixIts: [FixIt] = []
  ) {
    self.location = location
    self.severity = severity
    self.rule = rule
    self.message = message
    self.notes = notes
    self.fixIts = fixIts
  }

  public static func error(
    _ rule: DiagnosticRule, _ message: String, at location: SourceLocation, notes: [Note] = []
  ) -> Diagnostic {
    Diagnostic(location: location, severity: .error, rule: rule, message: message, notes: notes)
  }

  public static func warning(
    _ rule: DiagnosticRule, _ message: String, at location: SourceLocation, notes: [Note] = [], fixIts: [FixIt] = []
  ) -> Diagnostic {
    Diagnostic(location: location, severity: .warning, rule: rule, message: message, notes: notes, fixIts: fixIts)
  }

  private enum CodingKeys: String, CodingKey { case location, severity, rule, message, notes, fixIts }

  /// Reads JSON without `fixIts` too (what tools before them wrote).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      location: try container.decode(SourceLocation.self, forKey: .location),
      severity: try container.decode(Severity.self, forKey: .severity),
      rule: try container.decode(DiagnosticRule.self, forKey: .rule),
      message: try container.decode(String.self, forKey: .message),
      notes: try container.decodeIfPresent([Note].self, forKey: .notes) ?? [],
      fixIts: try container.decodeIfPresent([FixIt].self, forKey: .fixIts) ?? [])
  }
}

/// A position in a source file: the path as the user gave it, 1-based line
/// and column (the column counted in UTF-8 bytes, as the compiler does).
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }

  public var description: String { "\(file):\(line):\(column)" }
}

extension Array where Element == Diagnostic {
  /// Sorted by file, line, column, severity, message; duplicates removed.
  public func sortedForOutput() -> [Diagnostic] {
    var seen = Set<Diagnostic>()
    return filter { seen.insert($0).inserted }
      .sorted { ($0.location, $0.severity, $0.message) < ($1.location, $1.severity, $1.message) }
  }

  public var hasErrors: Bool { contains { $0.severity == .error } }
}
