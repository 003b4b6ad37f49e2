import Foundation
import Testing

/// The run as the oracle of flow: random programs that use implicits the
/// way users do (`ProgramGenerator`), each built against the runtime, run
/// on every path and analyzed with the real `implicits analyze`
/// (`ProgramBatch`). An approved program that stops for want of a value is
/// a soundness hole; a rejected program whose every path runs clean is an
/// imprecision, unless the program breaks on purpose a rule the user guide
/// rejects by design. Each disagreement is reported with its seed and a
/// reduced program, or as a known issue when it has a shape of
/// `KnownFinding.all`.
///
/// CI runs a fixed list of seeds. For a long soak:
///
///     IMPLICITS_GENERATOR_SEED=10000 IMPLICITS_GENERATOR_PROGRAMS=3000 \
///       IMPLICITS_GENERATOR_REPORT=/tmp/implicits-findings \
///       swift test --skip-build --filter generatedProgramsAgreeWithTheirRuns
///
/// and the other variables that docs/architecture.md ("The program
/// generator") lists.
@Suite struct GeneratedProgramsTests {
  /// The seeds CI runs: about four minutes in a debug build on two cores.
  static let ciSeeds: ClosedRange<UInt64> = 1...180

  static var environment: [String: String] { ProcessInfo.processInfo.environment }

  @Test func generatedProgramsAgreeWithTheirRuns() throws {
    var seeds = Array(Self.ciSeeds)
    if let first = Self.environment["IMPLICITS_GENERATOR_SEED"].flatMap(UInt64.init) {
      let count = Self.environment["IMPLICITS_GENERATOR_PROGRAMS"].flatMap(UInt64.init) ?? UInt64(seeds.count)
      seeds = Array(first..<(first + count))
    }
    if let list = Self.environment["IMPLICITS_GENERATOR_SEEDS"] {
      seeds = list.split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
    }
    let batchSize = Self.environment["IMPLICITS_GENERATOR_BATCH"].flatMap(Int.init) ?? 60
    let campaign = try GeneratorCampaign.run(
      seeds: seeds, batchSize: batchSize, reduceKnown: Self.environment["IMPLICITS_GENERATOR_REDUCE_KNOWN"] != nil,
      avoidKnown: Self.environment["IMPLICITS_GENERATOR_AVOID_KNOWN"] != nil)
    print(campaign.summary)
    let report = Self.environment["IMPLICITS_GENERATOR_REPORT"].map { URL(fileURLWithPath: $0) }
    for bug in campaign.generatorBugs {
      Issue.record("generator bug (the program must compile and run), seed \(bug.seed):\n\(bug.text)")
    }
    for finding in campaign.findings {
      if let report {
        let folder = report.appendingPathComponent("Seed\(finding.seed)")
        try CorpusExport.write(
          finding.reduction?.outcome ?? finding.outcome, description: ["seed \(finding.seed): \(finding.verdict.summary)"],
          to: folder)
        try finding.report.write(to: folder.appendingPathComponent("report.txt"), atomically: true, encoding: .utf8)
      }
      if finding.known.isEmpty {
        Issue.record(Comment(rawValue: finding.report))
      } else {
        let names = finding.known.map(\.corpusProgram).joined(separator: ", ")
        withKnownIssue(Comment(rawValue: "known finding, reproduced by \(names)")) {
          Issue.record(Comment(rawValue: finding.report))
        }
      }
    }
  }

  /// `IMPLICITS_GENERATOR_EXPLAIN=SEED`: one program's verdict, and the
  /// verdict once each known shape it has is knocked out.
  @Test(.enabled(if: environment["IMPLICITS_GENERATOR_EXPLAIN"] != nil))
  func explainOneSeed() throws {
    let seed = UInt64(Self.environment["IMPLICITS_GENERATOR_EXPLAIN"] ?? "") ?? 1
    let program = ProgramGenerator.generate(seed: seed)
    let shapes = KnownFinding.all.filter { $0.has(program) }
    let all = shapes.reduce(program) { $1.knockout($0) }
    let outcomes = try ProgramReducer.evaluate([program] + shapes.map { $0.knockout(program) } + [all])
    for (index, outcome) in outcomes.enumerated() {
      let what = index == 0 ? "seed \(seed)" : index > shapes.count ? "without all of them" : "without: \(shapes[index - 1].shape)"
      guard let outcome else {
        print("\(what): does not compile or fails")
        continue
      }
      let finding = GeneratorCampaign.Finding(
        seed: seed, verdict: GeneratedVerdict(outcome), outcome: outcome, known: [], reduction: nil)
      print("\(what):\n\(finding.report)\n")
    }
  }

  @Test func aSeedGivesOneProgram() {
    for seed in UInt64(1)...20 {
      let first = ProgramRenderer(ProgramGenerator.generate(seed: seed), number: 1).sources()
      let second = ProgramRenderer(ProgramGenerator.generate(seed: seed), number: 1).sources()
      #expect(first == second, "seed \(seed) gave two programs")
    }
  }
}
