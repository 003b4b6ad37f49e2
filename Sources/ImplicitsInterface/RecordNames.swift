/// The names an interface holds records under: what a module that imports
/// many others indexes once, so that each look-up probes only the
/// interfaces that can answer it.
public struct RecordNames: Sendable, Equatable {
  /// Identities of types and extensions (`Core.Config`).
  public var types: [String]
  /// Function look-up keys: the owner's identity (empty for free
  /// functions), a line feed, the base name (`FunctionDecl.lookupKey`).
  public var functions: [String]
  /// Named keys, without `\.`.
  public var namedKeys: [String]
  /// Typealiases (`Outer.Name`).
  public var typealiases: [String]

  public init(types: [String] = [], functions: [String] = [], namedKeys: [String] = [], typealiases: [String] = []) {
    self.types = types
    self.functions = functions
    self.namedKeys = namedKeys
    self.typealiases = typealiases
  }
}
