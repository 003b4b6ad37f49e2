/// The messages of the rules about declarations: `scope-spelling` and
/// `duplicate-scope-parameter` (scope parameters), `scope-flow` (a stored
/// scope), `stored-implicits`, `exporting-spi` and `declared-implicits`
/// (an attribute where it means nothing).
extension Diagnostic {
  /// A scope parameter with a label or another name.
  static func scopeParameterSpelling(at location: SourceLocation) -> Diagnostic {
    .error(
      .scopeSpelling, "The ImplicitScope parameter must be spelled '_ scope: ImplicitScope' or '_: ImplicitScope'",
      at: location)
  }

  /// A second `ImplicitScope` parameter.
  static func duplicateScopeParameter(at location: SourceLocation) -> Diagnostic {
    .error(.duplicateScopeParameter, "A function takes at most one ImplicitScope parameter", at: location)
  }

  /// A property of a type declared as an `ImplicitScope`.
  static func storedScope(at location: SourceLocation) -> Diagnostic {
    .error(
      .scopeFlow,
      "An ImplicitScope is not stored: a scope reaches a callee only as a call argument; take "
        + "'_ scope: ImplicitScope' where it is needed, or capture a bag ('let implicits = #implicits')",
      at: location)
  }

  /// With `--enable-exporting`, a public scope-taking function without
  /// `@_spi(Implicits)`.
  static func exportedWithoutSPI(_ function: FunctionSymbol) -> Diagnostic {
    .error(
      .exportingSPI,
      "With --enable-exporting, public scope-taking \(DispatchRules.kindWord(function)) '\(function.signature)' must be "
        + "marked '@_spi(Implicits)': callers that do not use implicits call the generated wrapper that takes its "
        + "implicits as arguments",
      at: function.location)
  }

  /// `@RequiresImplicits` on a function that takes no scope.
  static func requiresImplicitsWithoutScope(_ function: FunctionSymbol, at location: SourceLocation) -> Diagnostic {
    .error(
      .declaredImplicits,
      "@RequiresImplicits declares what a scope-taking function requires, and '\(function.signature)' takes no "
        + "'_ scope: ImplicitScope'; remove it, or add the scope parameter",
      at: location)
  }

  // MARK: stored-implicits

  static func staticStoredImplicit(at location: SourceLocation) -> Diagnostic {
    .error(
      .storedImplicits, "A static @Implicit property is not supported: read implicits in a scope-taking function",
      at: location)
  }

  static func storedImplicitWithValue(at location: SourceLocation) -> Diagnostic {
    .error(
      .storedImplicits, "A stored @Implicit property has no initial value: it is read when the object is initialized",
      at: location)
  }

  static func staticStoredBag(at location: SourceLocation) -> Diagnostic {
    .error(
      .storedImplicits, "A bag cannot be a static property: it is captured when an object is initialized", at: location)
  }

  static func secondStoredBag(of type: TypeSymbol, at location: SourceLocation) -> Diagnostic {
    .error(
      .storedImplicits,
      "Type '\(type.displayName)' has more than one stored bag; keep one 'let implicits = #implicits'", at: location)
  }

  /// A type with stored implicits or a stored bag and no initializer that
  /// could initialize them.
  static func noScopeTakingInitializer(of type: TypeSymbol, at location: SourceLocation) -> Diagnostic {
    let what = type.storedImplicits.isEmpty ? "a stored bag" : "stored @Implicit properties"
    return .error(
      .storedImplicits,
      "Type '\(type.displayName)' has \(what) but no initializer that takes an ImplicitScope; "
        + "declare 'init(_ scope: ImplicitScope)' (the memberwise initializer cannot take one)",
      at: location)
  }

  /// An initializer of a type with stored implicits that takes no scope
  /// and delegates to none.
  static func initializerWithoutScope(_ initializer: FunctionSymbol, of owner: TypeSymbol) -> Diagnostic {
    .error(
      .storedImplicits,
      "Initializer '\(initializer.signature)' of '\(owner.displayName)' reads the stored implicits of "
        + "'\(owner.displayName)' but takes no ImplicitScope; add a '_ scope: ImplicitScope' parameter "
        + "or delegate to an initializer that takes one",
      at: initializer.location)
  }
}
