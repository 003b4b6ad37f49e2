/// The messages of the rules about calls and bags in bodies:
/// `scope-not-taken`, `unresolved-symbol`, `ambiguous-call`,
/// `closure-wrapper` and `bag-usage`.
extension Diagnostic {
  /// A scope passed to `callee`, which takes none there.
  static func scopeNotTaken(by callee: String, takesScopeElsewhere: Bool, at location: SourceLocation) -> Diagnostic {
    let what = takesScopeElsewhere ? "takes its ImplicitScope elsewhere" : "takes no ImplicitScope"
    return .error(
      .scopeNotTaken,
      "'\(callee)' \(what): the scope passed here would not reach a function the analyzer can follow; "
        + "pass 'scope' only as the '_ scope: ImplicitScope' argument of a scope-taking function",
      at: location)
  }

  /// A scope passed to a callee the analyzer cannot find; the imported
  /// modules whose interface was not given are named as where it may be.
  static func unresolvedSymbol(
    _ name: String, importsWithoutInterface missing: [String], module: String, at location: SourceLocation
  ) -> Diagnostic {
    var hint = ""
    if !missing.isEmpty {
      let list = missing.map { "'\($0)'" }.joined(separator: ", ")
      let one = missing.count == 1
      hint = "; the module imports \(list), whose interface\(one ? " was" : "s were") not given: if it is declared "
        + "there, analyze \(one ? "that module" : "those modules") first and pass \(one ? "its interface" : "their interfaces") "
        + "with '--dependency-interface' (in 'implicits build', add \(list) to the module's 'dependencies'; in CMake, "
        + "'target_link_libraries(\(module) PUBLIC \(missing.joined(separator: " ")))'; in Bazel, "
        + "\(one ? "its target" : "their targets") to the target's 'deps')"
    }
    return .error(.unresolvedSymbol, "Unresolved symbol '\(name)'" + hint, at: location)
  }

  /// A scope-passing call that several functions could take.
  static func ambiguousCall(_ name: String, candidates: [Note], at location: SourceLocation) -> Diagnostic {
    .error(.ambiguousCall, "Ambiguous use of '\(name)'", at: location, notes: candidates)
  }

  // MARK: closure-wrapper

  /// A closure wrapper whose closure takes no parameter for the scope.
  static func closureWrapperWithoutScope(_ name: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .closureWrapper,
      "The closure of '\(name)' takes the scope as its last parameter: '\(name) { scope in … }' or "
        + "'\(name) { a, b, scope in … }'",
      at: location)
  }

  /// A second closure wrapper of one name.
  static func duplicateClosureWrapper(_ name: String, firstUse: SourceLocation, at location: SourceLocation) -> Diagnostic {
    .error(
      .closureWrapper,
      "Closure wrappers must have unique names: '\(name)' is already used in this module, and the generated "
        + "function captures what one closure requires; give this one another name",
      at: location, notes: [Note(location: firstUse, message: "'\(name)' is first used here")])
  }

  // MARK: bag-usage

  /// `#implicits` other than in a capture list or a stored property.
  static func bagMacroOutOfPlace(at location: SourceLocation) -> Diagnostic {
    .error(
      .bagUsage,
      "#implicits captures a bag for later: use it in a closure capture list ('[implicits = #implicits]') or a "
        + "stored property ('let implicits = #implicits')",
      at: location)
  }

  /// `ImplicitScope(with: x)` where `x` is no identifier.
  static func reopenedBagSpelling(at location: SourceLocation) -> Diagnostic {
    .error(.bagUsage, "ImplicitScope(with:) takes the bag's identifier (the name it was captured as)", at: location)
  }

  /// `ImplicitScope(with: name)` where no bag has that name.
  static func unknownBag(_ name: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .bagUsage,
      "No bag named '\(name)' to reopen here: capture one with '[\(name) = #implicits]' or 'let \(name) = #implicits'",
      at: location)
  }
}

extension Diagnostic.Note {
  /// A candidate of an ambiguous call declared in this module.
  static func candidate(_ function: FunctionSymbol) -> Diagnostic.Note {
    Diagnostic.Note(location: function.location, message: "found this candidate: '\(function.displayName)'")
  }

  /// A candidate of an ambiguous call from an upstream module, shown at the call.
  static func candidate(_ function: UpstreamFunction, at location: SourceLocation) -> Diagnostic.Note {
    Diagnostic.Note(
      location: location, message: "found this candidate in module '\(function.module)': '\(function.decl.qualifiedSignature)'")
  }
}
