/// The messages of `overridable-scope-function`: scope-taking functions
/// whose calls could run bodies the analysis cannot see, and conformers
/// whose implementation of a requirement it cannot find.
extension Diagnostic {
  /// What each of these messages offers as the way out.
  private static let declareRequirements =
    "declare what it requires with '@RequiresImplicits(.type(T.self), .named(\\.name))'"

  /// A scope-taking requirement of a public (or package) protocol.
  static func scopeRequirementOfVisibleProtocol(_ requirement: FunctionSymbol, of owner: TypeSymbol) -> Diagnostic {
    .error(
      .overridableScopeFunction,
      "Scope-taking \(DispatchRules.kindWord(requirement)) '\(requirement.signature)' cannot be a requirement of a "
        + "\(owner.access.word) protocol: implementations in other modules could read what its callers do not "
        + "provide; \(declareRequirements), make '\(owner.displayName)' internal, or declare the method in a concrete "
        + "type or a protocol extension",
      at: requirement.location)
  }

  /// An `open` scope-taking member.
  static func openScopeFunction(_ function: FunctionSymbol) -> Diagnostic {
    .error(
      .overridableScopeFunction,
      "Scope-taking \(DispatchRules.kindWord(function)) '\(function.signature)' cannot be 'open' as it is: overrides "
        + "in other modules could read what its callers do not provide; \(declareRequirements), or use 'public' and "
        + "make it 'final'",
      at: function.location)
  }

  /// A `required` scope-taking initializer of an `open` class: a call
  /// through a metatype value may run a subclass's of another module.
  static func openRequiredInitializer(_ function: FunctionSymbol, of owner: TypeSymbol) -> Diagnostic {
    .error(
      .overridableScopeFunction,
      "Scope-taking required initializer '\(function.signature)' of open class '\(owner.displayName)': a call through "
        + "a metatype value may run a subclass's in other modules, which could read what its callers do not provide; "
        + "\(declareRequirements), or make the class 'public' instead of 'open'",
      at: function.location)
  }

  /// A `class` scope-taking member that could be overridden.
  static func classScopeFunction(_ function: FunctionSymbol) -> Diagnostic {
    .error(
      .overridableScopeFunction,
      "Scope-taking \(DispatchRules.kindWord(function)) '\(function.signature)' cannot be a 'class' member as it is: "
        + "it could be overridden; \(declareRequirements), or use 'static'",
      at: function.location)
  }

  /// A scope-taking subscript of a class that is not final.
  static func overridableScopeSubscript(_ subscriptSymbol: FunctionSymbol, of owner: TypeSymbol) -> Diagnostic {
    .error(
      .overridableScopeFunction,
      "Scope-taking subscript '\(subscriptSymbol.signature)' of non-final class '\(owner.displayName)' could be "
        + "overridden; mark it 'final' (or the class 'final'), or \(declareRequirements)",
      at: subscriptSymbol.location)
  }

  /// A conformer whose implementation of a followed requirement the
  /// analyzer cannot find.
  static func missingWitness(
    of requirement: FunctionSymbol, in conformer: TypeSymbol, to proto: TypeSymbol, at location: SourceLocation
  ) -> Diagnostic {
    .error(
      .overridableScopeFunction,
      "'\(conformer.displayName)' conforms to '\(proto.displayName)' but the analyzer cannot find its "
        + "implementation of '\(requirement.signature)' in this module; implement it in '\(conformer.displayName)' "
        + "or in an extension of '\(proto.displayName)'",
      at: location)
  }
}
