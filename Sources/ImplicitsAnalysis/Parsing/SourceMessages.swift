/// The messages of the rules about reading a source file: `syntax-error`
/// and `nesting-limit`.
extension Diagnostic {
  /// One of the parser's own diagnostics, in its words.
  static func syntaxError(
    _ parserMessage: String, severity: Severity, at location: SourceLocation, notes: [Note] = []
  ) -> Diagnostic {
    Diagnostic(
      location: location, severity: severity, rule: .syntaxError, message: "Syntax error: " + parserMessage, notes: notes)
  }

  /// An `=` whose diagnostic would stop SwiftParserDiagnostics, said by
  /// the analyzer instead.
  static func unevenlySpacedEquals(at location: SourceLocation) -> Diagnostic {
    syntaxError("'=' must have consistent whitespace on both sides", severity: .error, at: location)
  }

  /// Nesting found before parsing that the parser would take too long on.
  static func excessiveNesting(_ excess: NestingLimits.Excess, at location: SourceLocation) -> Diagnostic {
    let message: String
    switch excess {
    case .brackets:
      message =
        "More than \(NestingLimits.bracketDepth) levels of '[' nested in each other: the analyzer does not read "
        + "this file, because parsing such nesting takes time that doubles with every level; build the value in "
        + "steps (a 'let' for an inner level) or name the type with a typealias"
    case .genericArguments:
      message =
        "More than \(NestingLimits.genericDepth) generic argument lists nested in each other: the analyzer does not "
        + "read this file, because parsing them takes time that grows faster than their length; name an inner "
        + "type with a typealias"
    case .interpolations:
      message =
        "More than \(NestingLimits.interpolationDepth) string interpolations nested in each other: the analyzer "
        + "does not read this file, because parsing them takes time and memory that grow faster than their "
        + "length; build the inner string in a 'let' first"
    }
    return .error(.nestingLimit, message, at: location)
  }

  /// A parsed tree deeper than the analyzer walks.
  static func syntaxTreeTooDeep(at location: SourceLocation) -> Diagnostic {
    .error(
      .nestingLimit,
      "This code nests more than \(NestingLimits.treeDepth) syntax levels deep (a long chain of member accesses or "
        + "calls, or deeply nested expressions or types): the analyzer does not read this file; split it into "
        + "several statements",
      at: location)
  }
}
