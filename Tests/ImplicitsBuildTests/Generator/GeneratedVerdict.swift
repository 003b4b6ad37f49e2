import Foundation

/// The analysis's verdict on a generated program against its runs.
enum GeneratedVerdict: Equatable {
  /// Approved and every run clean, or rejected and some run stops, or
  /// rejected only by rules the program breaks on purpose.
  case agrees
  /// Approved, but a run stops for want of a value.
  case soundnessHole
  /// Rejected, but every path runs clean.
  case imprecision(rules: [String])
  /// `implicits analyze` itself failed.
  case analyzerFailure
  /// Rejected, every path run so far is clean, but not every path was run.
  case unjudged

  init(_ outcome: ProgramBatch.Outcome) {
    if outcome.analysisFailure != nil {
      self = .analyzerFailure
      return
    }
    let stops = outcome.exploration.stop != nil || outcome.confirmation?.stop != nil
    switch (outcome.approved, stops) {
    case (true, true): self = .soundnessHole
    case (true, false), (false, true): self = .agrees
    case (false, false):
      let rules = Set(Self.errors(outcome).map(\.rule))
      if !rules.isEmpty && rules.isSubset(of: outcome.program.byDesign) {
        self = .agrees
      } else if !outcome.exploration.complete
        || outcome.exploration.metTwice && outcome.confirmation?.complete != true && outcome.predictedStop
      {
        // Too many paths by site; or by decision, and the model does not
        // rule out a stop there.
        self = .unjudged
      } else {
        self = .imprecision(rules: rules.subtracting(outcome.program.byDesign).sorted())
      }
    }
  }

  var isDisagreement: Bool {
    switch self {
    case .agrees, .unjudged: false
    case .soundnessHole, .imprecision, .analyzerFailure: true
    }
  }

  /// The errors of the analysis, without those of modules analyzed
  /// without an upstream interface: they follow from the errors of the
  /// module that wrote none (a callee unknown, a closure parameter taken
  /// for escaping).
  static func errors(_ outcome: ProgramBatch.Outcome) -> [CorpusProgram.Diagnostic] {
    outcome.diagnostics.filter { diagnostic in
      diagnostic.severity == "error" && !outcome.degraded.contains { diagnostic.file.contains("src/\($0)/") }
    }
  }

  /// The errors with the programs' names and numbers left out, which tell
  /// disagreements apart.
  static func normalizedErrors(_ outcome: ProgramBatch.Outcome) -> Set<String> {
    Set(errors(outcome).map { diagnostic in
      let message = diagnostic.message.replacingOccurrences(of: "[A-Za-z]*[0-9]+_?", with: "#", options: .regularExpression)
      return "[\(diagnostic.rule)] \(message)"
    })
  }

  /// Whether `other`, the verdict on `now`, is the same disagreement as
  /// this one on `outcome` (a reduction keeps it while it makes the program
  /// smaller): a rejection keeps some of its errors and gets no new ones.
  func persists(in other: GeneratedVerdict, _ now: ProgramBatch.Outcome, from outcome: ProgramBatch.Outcome) -> Bool {
    switch (self, other) {
    case (.soundnessHole, .soundnessHole), (.analyzerFailure, .analyzerFailure): return true
    case (.imprecision, .imprecision):
      let errors = Self.normalizedErrors(now)
      return !errors.isEmpty && errors.isSubset(of: Self.normalizedErrors(outcome))
    default: return false
    }
  }

  /// What tells disagreements apart before they are reduced: the kind, and
  /// for a rejection, its errors.
  func signature(_ outcome: ProgramBatch.Outcome) -> String {
    guard case .imprecision = self else { return summary }
    return summary + "\n" + Self.normalizedErrors(outcome).sorted().joined(separator: "\n")
  }

  var summary: String {
    switch self {
    case .agrees: "agrees"
    case .unjudged: "unjudged (not every path was run)"
    case .soundnessHole: "SOUNDNESS HOLE: approved by the analysis, but a run stops for want of a value"
    case let .imprecision(rules): "IMPRECISION: rejected (\(rules.joined(separator: ", "))), but every path runs clean"
    case .analyzerFailure: "ANALYZER FAILURE: 'implicits analyze' failed"
    }
  }
}
