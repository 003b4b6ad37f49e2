/// `Implicit.map`: derive one implicit from another in the current scope.
///
///     Implicit.map(DatabaseService.self, to: \.guestStorage) { GuestStorage($0) }
///     Implicit.map(Analytics.self, to: Analytics.self) { $0.prefixed("omnibox") }
///     Implicit.map(ImplicitsKeys.apiBaseURL, to: Endpoint.self) { Endpoint(base: $0) }
///
/// Each form reads the source key and provides the target key with the
/// transform's result, exactly like a read followed by a provide. A named
/// key is written as a key path (`\.apiBaseURL`) or as the key itself
/// (`ImplicitsKeys.apiBaseURL`, the spelling for another module's keys).
extension Implicit where Value == Never {
  /// Type key to type key.
  @inlinable
  public static func map<Source, Target, Failure: Error>(
    _ source: Source.Type, to target: Target.Type,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    try derive(.type(Source.self), .type(Target.self), fileID: fileID, line: line, transform)
  }

  /// Type key to named key.
  @inlinable @inline(__always)
  public static func map<Source, Target, Failure: Error>(
    _ source: Source.Type, to target: ImplicitKeyPath<Target>,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    try derive(.type(Source.self), .named(target), fileID: fileID, line: line, transform)
  }

  /// Type key to named key, named by its key.
  @inlinable
  public static func map<Source, Target, Failure: Error>(
    _ source: Source.Type, to target: ImplicitsKeys.Key<Target>,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    try derive(.type(Source.self), .named(target), fileID: fileID, line: line, transform)
  }

  /// Named key to type key.
  @inlinable @inline(__always)
  public static func map<Source, Target, Failure: Error>(
    _ source: ImplicitKeyPath<Source>, to target: Target.Type,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    try derive(.named(source), .type(Target.self), fileID: fileID, line: line, transform)
  }

  /// Named key, named by its key, to type key.
  @inlinable
  public static func map<Source, Target, Failure: Error>(
    _ source: ImplicitsKeys.Key<Source>, to target: Target.Type,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    try derive(.named(source), .type(Target.self), fileID: fileID, line: line, transform)
  }

  /// Named key to named key.
  @inlinable @inline(__always)
  public static func map<Source, Target, Failure: Error>(
    _ source: ImplicitKeyPath<Source>, to target: ImplicitKeyPath<Target>,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    try derive(.named(source), .named(target), fileID: fileID, line: line, transform)
  }

  /// Named key to named key, the target named by its key.
  @inlinable @inline(__always)
  public static func map<Source, Target, Failure: Error>(
    _ source: ImplicitKeyPath<Source>, to target: ImplicitsKeys.Key<Target>,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    try derive(.named(source), .named(target), fileID: fileID, line: line, transform)
  }

  /// Named key to named key, the source named by its key.
  @inlinable @inline(__always)
  public static func map<Source, Target, Failure: Error>(
    _ source: ImplicitsKeys.Key<Source>, to target: ImplicitKeyPath<Target>,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    try derive(.named(source), .named(target), fileID: fileID, line: line, transform)
  }

  /// Named key to named key, both named by their keys.
  @inlinable
  public static func map<Source, Target, Failure: Error>(
    _ source: ImplicitsKeys.Key<Source>, to target: ImplicitsKeys.Key<Target>,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    try derive(.named(source), .named(target), fileID: fileID, line: line, transform)
  }

  /// Reads `source` as a `Source`, provides `transform`'s result as `target`.
  @inlinable
  static func derive<Source, Target, Failure: Error>(
    _ source: ImplicitKey, _ target: ImplicitKey, fileID: StaticString, line: UInt,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    let value = Runtime.read(source, as: Source.self, fileID: fileID, line: line)
    Runtime.provide(target, StoredValue(try transform(value)), fileID: fileID, line: line)
  }
}
