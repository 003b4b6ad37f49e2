import ImplicitsFileSystem

/// A position in the manifest file, 1-based, as editors and compilers count.
///
/// `column` counts characters (Unicode scalars), not bytes, the way libyaml
/// reports it.
public struct Location: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The line, starting at 1.
  public var line: Int
  /// The column, starting at 1.
  public var column: Int

  /// Creates a location from 1-based line and column numbers.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: Location, rhs: Location) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}

/// A value read from the manifest together with where it was written, so
/// that later checks (source resolution, the module graph, external
/// interfaces) can point at it.
public struct Located<Value> {
  /// The value, as written in the manifest.
  public var value: Value
  /// Where the value's node starts in the manifest.
  public var location: Location

  /// Pairs a value with its location.
  public init(_ value: Value, at location: Location) {
    self.value = value
    self.location = location
  }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

/// One problem with a manifest, printed in the compiler's format:
/// `path:line:column: error: message`, or `path: error: message` when the
/// problem has no position (for example an unreadable file).
public struct ManifestError: ToolError, Equatable {
  /// The manifest file the error is about.
  public var path: String
  /// Where in the manifest, when the problem has a position.
  public var location: Location?
  /// What is wrong, in one sentence, without the `error:` prefix.
  public var message: String

  /// Creates an error at `location` of the manifest at `path`.
  public init(path: String, location: Location?, message: String) {
    self.path = path
    self.location = location
    self.message = message
  }

  /// `path:line:column`, or `path` without a position.
  public var place: String? { location.map { "\(path):\($0.line):\($0.column)" } ?? path }


}

/// Every problem found in one step (loading a manifest, or resolving its
/// sources), in the order they appear in the file.
public struct ManifestErrors: Error, Sendable, Equatable {
  /// The problems, sorted by position in the file; never empty when thrown.
  public var errors: [ManifestError]

  /// Wraps `errors`, sorting them by position (errors without a position
  /// first), keeping the order of errors at the same position.
  public init(_ errors: [ManifestError]) {
    self.errors = errors.enumerated().sorted { a, b in
      let la = a.element.location ?? Location(line: 0, column: 0)
      let lb = b.element.location ?? Location(line: 0, column: 0)
      return la != lb ? la < lb : a.offset < b.offset
    }.map(\.element)
  }

  /// One error per line, in the compiler's format.
  public var rendered: String {
    errors.map(\.rendered).joined(separator: "\n")
  }
}
