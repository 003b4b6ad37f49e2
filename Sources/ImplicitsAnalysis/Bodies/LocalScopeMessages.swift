/// The messages of the rules about opening, ending and providing in local
/// scopes: `scope-spelling` (a local scope), `scope-end`,
/// `local-scope-form`, `redundant-root-scope`, `undecided-condition` and
/// `provide-without-local-scope`.
extension Diagnostic {
  /// A local scope that is not `let scope = …`.
  static func localScopeSpelling(at location: SourceLocation) -> Diagnostic {
    .error(.scopeSpelling, "A local scope is a 'let' named 'scope': write 'let scope = …'", at: location)
  }

  // MARK: scope-end

  /// `defer { scope.end() }` away from the scope it ends.
  static func scopeEndDeferredElsewhere(at location: SourceLocation) -> Diagnostic {
    .error(
      .scopeEnd,
      "'defer { scope.end() }' belongs right after the 'let scope = …' it ends; a function ends only the scopes it created",
      at: location)
  }

  /// `scope.end()` called outside its `defer`.
  static func scopeEndOutsideDefer(at location: SourceLocation) -> Diagnostic {
    .error(
      .scopeEnd,
      "'scope.end()' belongs in 'defer { scope.end() }' right after 'let scope = …'; a function ends only the scopes it created",
      at: location)
  }

  /// The `defer` that ends a scope does more.
  static func scopeEndDeferHoldsMore(at location: SourceLocation) -> Diagnostic {
    .error(.scopeEnd, "'defer { scope.end() }' must hold nothing else", at: location)
  }

  /// A local scope with no `defer { scope.end() }` after it.
  static func scopeEndMissing(at location: SourceLocation) -> Diagnostic {
    .error(.scopeEnd, "A local scope must be followed by 'defer { scope.end() }'", at: location)
  }

  // MARK: local-scope-form

  /// A scope created inside an expression.
  static func scopeCreatedInExpression(at location: SourceLocation) -> Diagnostic {
    .error(.localScopeForm, "A local scope must be created at the top level of its block as 'let scope = …'", at: location)
  }

  /// A second local scope in one block.
  static func secondScopeInBlock(at location: SourceLocation) -> Diagnostic {
    .error(.localScopeForm, "A block opens at most one local scope; open another one in a nested block", at: location)
  }

  /// `withScope(nesting: x)` where `x` is no scope.
  static func withScopeNestingSpelling(at location: SourceLocation) -> Diagnostic {
    .error(
      .localScopeForm, "withScope(nesting:) takes the scope to nest in: 'withScope(nesting: scope) { scope in … }'",
      at: location)
  }

  // MARK: redundant-root-scope

  /// `let scope = ImplicitScope()` where a scope exists.
  static func redundantRootScope(at location: SourceLocation) -> Diagnostic {
    .error(
      .redundantRootScope, "A scope already exists here: use 'let scope = scope.nested()' instead of a new root scope",
      at: location)
  }

  /// `withScope { … }` where a scope exists.
  static func redundantWithScope(at location: SourceLocation) -> Diagnostic {
    .error(
      .redundantRootScope,
      "A scope already exists here: use 'withScope(nesting: scope)' or 'let scope = scope.nested()' instead of a new root scope",
      at: location)
  }

  // MARK: undecided-condition

  /// A scope opened in an undecided `#if` clause that outlives it.
  static func scopeInUndecidedCode(at location: SourceLocation) -> Diagnostic {
    .error(
      .undecidedCondition,
      "Creating a scope inside an '#if' whose condition the analyzer cannot decide is not allowed when it outlives "
        + "the clause, since either branch may be the one compiled; open it in a block inside the clause "
        + "('do { … }'), outside the '#if', or use a -D condition",
      at: location)
  }

  /// A provide in an undecided `#if` clause into a scope opened outside it.
  static func provideInUndecidedCode(at location: SourceLocation) -> Diagnostic {
    .error(
      .undecidedCondition,
      "Providing implicits inside an '#if' whose condition the analyzer cannot decide is not allowed, since either "
        + "branch may be the one compiled; provide outside the '#if', in a scope opened and ended inside the "
        + "clause ('do { let scope = scope.nested() … }'), or use a -D condition",
      at: location)
  }

  // MARK: provide-without-local-scope

  static func provideWithoutLocalScope(at location: SourceLocation) -> Diagnostic {
    .error(
      .provideWithoutLocalScope,
      "Providing implicits requires a local scope opened in this block: add 'let scope = scope.nested()' and "
        + "'defer { scope.end() }' before it",
      at: location)
  }
}
