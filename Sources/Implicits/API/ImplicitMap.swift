/// `Implicit.map`: derive one implicit from another in the current scope.
///
///     Implicit.map(DatabaseService.self, to: \.guestStorage) { GuestStorage($0) }
///     Implicit.map(Analytics.self, to: Analytics.self) { $0.prefixed("omnibox") }
///
/// Each form reads the source key and provides the target key with the
/// transform's result, exactly like a read followed by a provide.
extension Implicit where Value == Never {
  /// Type key to type key.
  public static func map<Source, Target, Failure: Error>(
    _ source: Source.Type, to target: Target.Type,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    let value = Runtime.read(.type(Source.self), as: Source.self, fileID: fileID, line: line)
    Runtime.provide(.type(Target.self), StoredValue(try transform(value)), fileID: fileID, line: line)
  }

  /// Type key to named key.
  public static func map<Source, Target, Failure: Error>(
    _ source: Source.Type, to target: ImplicitKeyPath<Target>,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    let value = Runtime.read(.type(Source.self), as: Source.self, fileID: fileID, line: line)
    Runtime.provide(.named(target), StoredValue(try transform(value)), fileID: fileID, line: line)
  }

  /// Named key to type key.
  public static func map<Source, Target, Failure: Error>(
    _ source: ImplicitKeyPath<Source>, to target: Target.Type,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    let value = Runtime.read(.named(source), as: Source.self, fileID: fileID, line: line)
    Runtime.provide(.type(Target.self), StoredValue(try transform(value)), fileID: fileID, line: line)
  }

  /// Named key to named key.
  public static func map<Source, Target, Failure: Error>(
    _ source: ImplicitKeyPath<Source>, to target: ImplicitKeyPath<Target>,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: (Source) throws(Failure) -> Target
  ) throws(Failure) {
    let value = Runtime.read(.named(source), as: Source.self, fileID: fileID, line: line)
    Runtime.provide(.named(target), StoredValue(try transform(value)), fileID: fileID, line: line)
  }
}
