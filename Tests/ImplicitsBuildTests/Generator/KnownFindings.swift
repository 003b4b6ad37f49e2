/// Disagreements the generator found whose fix is pending, by shape: each
/// names the run-time corpus program that reproduces it, says which
/// programs have the shape, and rewrites a program so that it keeps its
/// runs but loses the shape (a "knockout"). A disagreement is the known one
/// when its program agrees once that shape alone is knocked out (or all the
/// known shapes it has, together). Remove an entry when the analyzer is
/// fixed: the test then reports the shape as a new finding if it is not.
struct KnownFinding: Sendable {
  var shape: String
  /// The program under `Tests/RuntimeCorpus/Programs` that reproduces it.
  var corpusProgram: String
  var has: @Sendable (GeneratedProgram) -> Bool
  var knockout: @Sendable (GeneratedProgram) -> GeneratedProgram

  static let all: [KnownFinding] = [
    KnownFinding(
      shape: "a closure passed to a parameter typed by a typealias of a function type (issue 37 §1)",
      corpusProgram: "SceneGraphVisitorTypealias, MailSyncJobTypealiasEscapes",
      has: Knockouts.usesTypealiasClosures, knockout: Knockouts.plainClosureTypes),
    KnownFinding(
      shape: "two trailing closures, the first to a non-escaping parameter, the second to an escaping one",
      corpusProgram: "GeneratedTwoTrailingClosures",
      has: Knockouts.usesTwoTrailingClosures, knockout: Knockouts.splitTrailingClosures),
    KnownFinding(
      shape: "a call of a function with a variadic parameter (issue 37 §1)",
      corpusProgram: "ConsoleLogDefaultedAndVariadicOverloads",
      has: Knockouts.usesVariadic, knockout: Knockouts.plainFunctions(.variadic)),
    KnownFinding(
      shape: "a call that leaves out a defaulted parameter (issue 37 §1)",
      corpusProgram: "ConsoleLogDefaultedAndVariadicOverloads",
      has: Knockouts.usesDefaulted, knockout: Knockouts.plainFunctions(.defaulted)),
    KnownFinding(
      shape: "overloads by 'Int' and 'Int?' (issue 37 §1)",
      corpusProgram: "MetricsRecordIntOrOptional",
      has: Knockouts.overloadsIntAndOptional, knockout: Knockouts.labelOptionalOverloads),
    KnownFinding(
      shape: "overloads by 'Int?' and another type than 'Int' ('String', 'Double')",
      corpusProgram: "GeneratedOverloadStringOrOptionalInt",
      has: Knockouts.overloadsOptionalAndOther, knockout: Knockouts.labelOptionalOverloads),
    KnownFinding(
      shape: "overloads told apart by argument type, declared upstream: one record of the interface, so a call "
        + "requires what every overload requires, or is ambiguous beside the module's own overload",
      corpusProgram: "GeneratedOverloadByTypeUpstream, GeneratedOverloadByTypeAcrossModules",
      has: Knockouts.overloadsByTypeUpstream, knockout: Knockouts.overloadsRenamed),
    KnownFinding(
      shape: "a 'defer' before a provide of its block, with no exit between: it runs after the provide",
      corpusProgram: "GeneratedDeferBeforeProvide",
      has: Knockouts.deferBeforeProvide, knockout: Knockouts.defersLast),
    KnownFinding(
      shape: "a default of a public protocol's requirement added by a downstream module (issue 37 §1)",
      corpusProgram: "ReportExportDefaultAddedDownstream, GeneratedDownstreamDefaultAmbiguous",
      has: { Knockouts.publicDefault($0, downstream: true) }, knockout: Knockouts.inlineDefaults),
    KnownFinding(
      shape: "a default of a public protocol's requirement in the declaring module (issue 37 §1)",
      corpusProgram: "ReportExportDefaultInCoreReadsMore",
      has: { Knockouts.publicDefault($0, downstream: false) }, knockout: Knockouts.inlineDefaults),
    KnownFinding(
      shape: "a public protocol's @RequiresImplicits keys, left out of the interface when nothing of the declaring "
        + "module calls through the requirement: implementations elsewhere are rejected, calls from elsewhere "
        + "require nothing (issue 37 §1; the calls are a soundness hole)",
      corpusProgram: "AuditSinksDeclaredKeyNotReadUpstream, GeneratedProtocolKeysLostCallerStops",
      has: Knockouts.protocolContractDownstream, knockout: Knockouts.protocolCalledInItsModule),
  ]

  /// For each finding, the known shapes whose knockout makes it agree
  /// (empty: a new finding). All knockouts run as one batch.
  static func classify(_ findings: [(outcome: ProgramBatch.Outcome, verdict: GeneratedVerdict)]) throws -> [[KnownFinding]] {
    var candidates: [(finding: Int, shapes: [KnownFinding], program: GeneratedProgram)] = []
    for (index, finding) in findings.enumerated() {
      let shapes = all.filter { $0.has(finding.outcome.program) }
      for shape in shapes { candidates.append((index, [shape], shape.knockout(finding.outcome.program))) }
      if shapes.count > 1 {
        let program = shapes.reduce(finding.outcome.program) { $1.knockout($0) }
        candidates.append((index, shapes, program))
      }
    }
    let outcomes = try ProgramReducer.evaluate(candidates.map(\.program))
    var known = [[KnownFinding]](repeating: [], count: findings.count)
    for (candidate, outcome) in zip(candidates, outcomes) {
      guard let outcome, known[candidate.finding].isEmpty else { continue }
      let original = findings[candidate.finding].outcome
      // The knockout keeps the runs: it stops exactly when the original did.
      let stops = { (outcome: ProgramBatch.Outcome) in outcome.exploration.stop != nil || outcome.confirmation?.stop != nil }
      if stops(outcome) == stops(original) && !GeneratedVerdict(outcome).isDisagreement {
        known[candidate.finding] = candidate.shapes
      }
    }
    return known
  }
}
