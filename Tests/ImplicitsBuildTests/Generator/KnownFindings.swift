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

  /// None pending: every shape the generator found is fixed, and its
  /// program is in the corpus (the `Generated…` programs, and those of
  /// issue 37 §1 that the generator reproduced).
  static let all: [KnownFinding] = []

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
