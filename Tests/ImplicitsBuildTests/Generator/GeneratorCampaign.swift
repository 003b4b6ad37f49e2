import Foundation

/// A run of the generator over a list of seeds: every program built, run
/// on every path and analyzed, in batches; each disagreement classified
/// against the known findings; the new ones reduced.
struct GeneratorCampaign {
  struct Finding {
    var seed: UInt64
    var verdict: GeneratedVerdict
    var outcome: ProgramBatch.Outcome
    /// The known shapes that explain it; empty for a new finding.
    var known: [KnownFinding]
    /// The reduced program, for a new finding.
    var reduction: ProgramReducer.Reduction?
  }

  var programs = 0
  var agreed = 0
  var approved = 0
  var stopped = 0
  var unjudged = 0
  /// Programs whose runs and `ReferenceSemantics` disagree: a bug of the
  /// generator's model, which steers but decides nothing.
  var modelMismatches: [UInt64] = []
  var generatorBugs: [(seed: UInt64, text: String)] = []
  var findings: [Finding] = []
  var seconds = 0.0

  /// Writes a line of progress to standard error, with
  /// `IMPLICITS_GENERATOR_VERBOSE` set (a long soak's output is otherwise
  /// seen only at its end).
  static func note(_ line: String) {
    guard ProcessInfo.processInfo.environment["IMPLICITS_GENERATOR_VERBOSE"] != nil else { return }
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Runs the programs of `seeds`, `batchSize` to an executable; with
  /// `reduceKnown`, known findings are reduced too; with `avoidKnown`,
  /// each program has its known shapes knocked out first.
  static func run(seeds: [UInt64], batchSize: Int, reduceKnown: Bool = false, avoidKnown: Bool = false) throws
    -> GeneratorCampaign
  {
    let started = Date()
    var campaign = GeneratorCampaign()
    var disagreements: [(outcome: ProgramBatch.Outcome, verdict: GeneratedVerdict)] = []
    var start = 0
    while start < seeds.count {
      let chunk = seeds[start..<min(start + batchSize, seeds.count)]
      var programs = chunk.map(ProgramGenerator.generate(seed:))
      if avoidKnown {
        // Without the known shapes, to look for others.
        programs = programs.map { program in KnownFinding.all.reduce(program) { $1.has($0) ? $1.knockout($0) : $0 } }
      }
      for (program, result) in zip(programs, try ProgramBatch(programs: programs).evaluate()) {
        campaign.programs += 1
        switch result {
        case let .generatorBug(text):
          campaign.generatorBugs.append((program.seed, text))
        case let .judged(outcome):
          let verdict = GeneratedVerdict(outcome)
          let complete = outcome.exploration.complete && (!outcome.exploration.metTwice || outcome.confirmation?.complete == true)
          let stops = outcome.exploration.stop != nil || outcome.confirmation?.stop != nil
          if stops && !outcome.predictedStop || complete && !stops && outcome.predictedStop {
            campaign.modelMismatches.append(program.seed)
          }
          if outcome.approved { campaign.approved += 1 }
          if outcome.exploration.stop != nil || outcome.confirmation?.stop != nil { campaign.stopped += 1 }
          switch verdict {
          case .agrees: campaign.agreed += 1
          case .unjudged: campaign.unjudged += 1
          default: disagreements.append((outcome, verdict))
          }
        }
      }
      start += batchSize
      note("seeds \(chunk.first!)...\(chunk.last!): \(disagreements.count) disagreements so far")
    }
    let known = try KnownFinding.classify(disagreements)
    note("classified: \(known.filter { !$0.isEmpty }.count) of \(disagreements.count) known")
    // One program of each signature is reduced: the smallest.
    var representatives: [String: Int] = [:]
    for index in disagreements.indices where reduceKnown || known[index].isEmpty {
      let signature = disagreements[index].verdict.signature(disagreements[index].outcome)
        + known[index].map(\.shape).joined(separator: "\n")
      if let other = representatives[signature],
        disagreements[other].outcome.program.weight <= disagreements[index].outcome.program.weight
      {
        continue
      }
      representatives[signature] = index
    }
    let toReduce = representatives.values.sorted()
    note("reducing \(toReduce.count) programs")
    let reductions = try ProgramReducer.reduce(toReduce.map { disagreements[$0] })
    var reduced: [Int: ProgramReducer.Reduction] = [:]
    for (index, reduction) in zip(toReduce, reductions) { reduced[index] = reduction }
    campaign.findings = disagreements.indices.map { index in
      Finding(
        seed: disagreements[index].outcome.program.seed, verdict: disagreements[index].verdict,
        outcome: disagreements[index].outcome, known: known[index], reduction: reduced[index])
    }
    campaign.seconds = Date().timeIntervalSince(started)
    return campaign
  }

  var summary: String {
    let perHour = seconds > 0 ? Int(Double(programs) / seconds * 3600) : 0
    return "\(programs) programs in \(Int(seconds)) s (\(perHour) an hour): \(agreed) agree (\(approved) approved, "
      + "\(stopped) stop on some path), \(findings.count) disagree (\(findings.filter { !$0.known.isEmpty }.count) known), "
      + "\(unjudged) unjudged (too many paths), \(generatorBugs.count) generator bugs"
      + (modelMismatches.isEmpty ? "" : ", the model mispredicted seeds \(modelMismatches)")
  }
}

extension GeneratorCampaign.Finding {
  /// The report of a finding: the seed, the verdict, what the analysis
  /// said and what the run did, and the program (reduced when it was).
  var report: String {
    let outcome = reduction?.outcome ?? self.outcome
    var lines = ["seed \(seed): \(verdict.summary)"]
    if !known.isEmpty { lines.append("known: " + known.map { "\($0.shape) (corpus: \($0.corpusProgram))" }.joined(separator: "; ")) }
    lines.append(reduction == nil ? "program (not reduced):" : "reduced program:")
    for diagnostic in outcome.diagnostics {
      let file = diagnostic.file.split(separator: "/").suffix(2).joined(separator: "/")
      lines.append("  \(file):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity) [\(diagnostic.rule)] \(diagnostic.message)")
    }
    if let stop = outcome.exploration.stop ?? outcome.confirmation?.stop {
      lines.append("  the run with decisions \(stop.decisions) stops: \(stop.message.prefix(300))")
    }
    // Written as analyzed (with the decisions traced), so that the lines
    // are the diagnostics' lines.
    let sources = ProgramRenderer(outcome.program, number: nil).sources()
    for module in outcome.program.modules {
      lines.append("// ---- \(module.name)")
      lines.append(sources[module] ?? "")
    }
    return lines.joined(separator: "\n")
  }
}
