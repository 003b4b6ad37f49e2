/// The messages of the rules about where a scope may be used: `missing-scope`,
/// `closure-scope`, `nested-function-scope`, `scope-flow` (in a body) and
/// `function-value`.
extension Diagnostic {
  // MARK: missing-scope

  /// `what` (`Reading implicits`, `Passing a scope`) where no scope exists.
  static func missingScope(for what: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .missingScope, "\(what) requires a scope: take '_ scope: ImplicitScope' as a parameter or open a local scope",
      at: location)
  }

  /// `scope.nested()` where no scope exists.
  static func nothingToNest(at location: SourceLocation) -> Diagnostic {
    .error(
      .missingScope,
      "There is no scope to nest here: take '_ scope: ImplicitScope' as a parameter or open a root scope with "
        + "'let scope = ImplicitScope()'",
      at: location)
  }

  /// A bag captured where no scope exists.
  static func bagCapturedWithoutScope(at location: SourceLocation) -> Diagnostic {
    .error(
      .missingScope,
      "A bag captures the implicits of the scope around it, and there is none here: take '_ scope: ImplicitScope' "
        + "as a parameter or open a local scope before capturing",
      at: location)
  }

  // MARK: closure-scope

  /// `what` in a closure that has no scope of its own.
  static func closureWithoutScope(for what: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .closureScope,
      "\(what) in a closure needs a scope of the closure's own: capture a bag with '[implicits = #implicits]' "
        + "and reopen it with 'let scope = ImplicitScope(with: implicits)'",
      at: location)
  }

  /// A closure that uses the scope of the code around it.
  static func closureUsesOuterScope(at location: SourceLocation) -> Diagnostic {
    .error(
      .closureScope,
      "A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and "
        + "reopen it with 'let scope = ImplicitScope(with: implicits)'",
      at: location)
  }

  /// A closure passed to a non-escaping parameter of the module that its
  /// function does not run in place uses the scope around it.
  static func closureParameterNotInPlace(
    _ parameter: String, of function: String, callee: String, at location: SourceLocation
  ) -> Diagnostic {
    .error(
      .closureScope,
      "A closure cannot use the scope of the code around it: '\(callee)' may run it elsewhere than in place, on "
        + "another thread or later ('\(function)' does not run its parameter '\(parameter)' in place: it hands it to "
        + "'withoutActuallyEscaping', stores it, passes it to a function that does not run it in place, or another "
        + "module may implement it); capture a bag with '[implicits = #implicits]' and reopen it with "
        + "'let scope = ImplicitScope(with: implicits)'",
      at: location)
  }

  /// Code that Swift runs later (`what`, as `DeferredEvaluation` names it)
  /// uses a scope.
  static func deferredCodeUsesScope(_ what: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .closureScope,
      "\(what.prefix(1).uppercased() + what.dropFirst()) runs later, when the scope may have ended: evaluate it "
        + "before (a 'let'), or pass a closure that captures a bag ('[implicits = #implicits]') and reopens it with "
        + "'let scope = ImplicitScope(with: implicits)'",
      at: location)
  }

  // MARK: nested-function-scope

  /// A nested function that uses the scope of the function around it.
  static func nestedFunctionUsesOuterScope(_ function: FunctionSymbol, at location: SourceLocation) -> Diagnostic {
    .error(
      .nestedFunctionScope,
      "A nested function cannot use the scope of the function around it: give '\(function.signature)' its own "
        + "'_ scope: ImplicitScope' parameter and pass 'scope' to it",
      at: location)
  }

  // MARK: scope-flow

  /// A scope used other than as a call argument.
  static func scopeFlowsAsValue(_ name: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .scopeFlow,
      "An ImplicitScope reaches a callee only as a call argument: pass '\(name)' directly as the "
        + "'_ scope: ImplicitScope' argument of the function that needs it, not through a variable, a property, a "
        + "return value or a collection",
      at: location)
  }

  /// A local variable declared as an `ImplicitScope`.
  static func scopeVariable(at location: SourceLocation) -> Diagnostic {
    .error(
      .scopeFlow,
      "An ImplicitScope is not stored: a scope reaches a callee only as a call argument; pass 'scope' itself "
        + "to the function that needs it",
      at: location)
  }

  // MARK: function-value

  /// A scope-taking function (`name`) used as a value.
  static func scopeTakingFunctionValue(_ name: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .functionValue,
      "A scope-taking function is only called directly: '\(name)' used as a value could be called with a scope the "
        + "analyzer cannot follow; call it here, or pass a closure that captures a bag",
      at: location)
  }
}
