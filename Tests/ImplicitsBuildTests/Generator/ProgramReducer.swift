/// Makes disagreeing programs smaller while they disagree the same way: a
/// greedy reduction over `ReductionStep`s. Each round tries every single
/// step of every program still being reduced, all compiled together in
/// batches; then, for each program, the steps that each kept the
/// disagreement all at once, or else the first (largest) of them.
enum ProgramReducer {
  struct Reduction {
    var verdict: GeneratedVerdict
    var reduced: GeneratedProgram
    var outcome: ProgramBatch.Outcome
  }

  /// Programs per batch of candidates.
  static let batchSize = 120

  static func reduce(_ findings: [(outcome: ProgramBatch.Outcome, verdict: GeneratedVerdict)], rounds: Int = 30)
    throws -> [Reduction]
  {
    var states = findings.map { Reduction(verdict: $0.verdict, reduced: $0.outcome.program, outcome: $0.outcome) }
    // Each program goes through the levels of steps (whole functions and
    // types, then statements, then forms) until a pass over them all
    // changes nothing.
    var level = [Int](repeating: 0, count: states.count)
    var idle = [Int](repeating: 0, count: states.count)
    var active = Set(states.indices)
    for _ in 0..<rounds where !active.isEmpty {
      var candidates: [(state: Int, steps: Set<ReductionStep>, program: GeneratedProgram)] = []
      for index in active.sorted() {
        let current = states[index].reduced
        for step in ReductionStep.all(for: current) where step.level == level[index] {
          let program = ReductionStep.apply([step], to: current)
          // What no path runs tells nothing: the reduced program runs all
          // it has.
          if program.weight < current.weight && ProgramGenerator.reachesEverything(program) {
            candidates.append((index, [step], program))
          }
        }
      }
      GeneratorCampaign.note("reduction round: \(active.count) programs, \(candidates.count) candidates")
      let singles = try evaluate(candidates.map(\.program))
      var kept: [Int: [(steps: Set<ReductionStep>, program: GeneratedProgram, outcome: ProgramBatch.Outcome)]] = [:]
      for (candidate, outcome) in zip(candidates, singles) {
        let state = states[candidate.state]
        guard let outcome, state.verdict.persists(in: GeneratedVerdict(outcome), outcome, from: state.outcome) else {
          continue
        }
        kept[candidate.state, default: []].append((candidate.steps, candidate.program, outcome))
      }
      // All the steps that kept it, together.
      let combined = kept.filter { $0.value.count > 1 }.map { state, steps in
        (state, ReductionStep.apply(steps.reduce(into: Set()) { $0.formUnion($1.steps) }, to: states[state].reduced))
      }
      .filter { ProgramGenerator.reachesEverything($0.1) }
      let together = try evaluate(combined.map(\.1))
      var improved: Set<Int> = []
      for ((state, program), outcome) in zip(combined, together) {
        guard let outcome, states[state].verdict.persists(in: GeneratedVerdict(outcome), outcome, from: states[state].outcome)
        else { continue }
        states[state].reduced = program
        states[state].outcome = outcome
        improved.insert(state)
      }
      for state in active.sorted() {
        if !improved.contains(state), let first = kept[state]?.first {
          states[state].reduced = first.program
          states[state].outcome = first.outcome
          improved.insert(state)
        }
        if improved.contains(state) {
          idle[state] = 0
        } else {
          idle[state] += 1
          if idle[state] >= ReductionStep.levels { active.remove(state) }
        }
        level[state] = (level[state] + 1) % ReductionStep.levels
      }
    }
    return states.map { state in
      var state = state
      state.reduced = pruned(state.reduced)
      state.outcome.program = state.reduced
      return state
    }
  }

  /// The outcome of each program (nil for one the generator got wrong).
  static func evaluate(_ programs: [GeneratedProgram]) throws -> [ProgramBatch.Outcome?] {
    var outcomes: [ProgramBatch.Outcome?] = []
    var start = 0
    while start < programs.count {
      let chunk = Array(programs[start..<min(start + batchSize, programs.count)])
      for result in try ProgramBatch(programs: chunk).evaluate() {
        if case let .judged(outcome) = result { outcomes.append(outcome) } else { outcomes.append(nil) }
      }
      start += batchSize
    }
    return outcomes
  }

  /// The program without key classes and named keys that nothing names.
  static func pruned(_ original: GeneratedProgram) -> GeneratedProgram {
    var program = original
    var used: Set<GenKey> = []
    for group in program.dispatchGroups { used.formUnion(group.contract ?? []) }
    for function in program.functions { used.formUnion(function.contract ?? []) }
    ProgramWalk.forEachStatement(in: program) { statement in
      switch statement {
      case let .read(key, _, _), let .provide(key, _, _): used.insert(key)
      case let .closure(site): used.formUnion(site.bag ?? [])
      default: break
      }
    }
    if let subclass = program.subclassKey {
      if used.contains(.type(subclass.name)) {
        used.insert(.type(subclass.base))
      } else {
        var usesBase = false
        ProgramWalk.forEachStatement(in: program) { if case .provide(_, .subclassAsBase, _) = $0 { usesBase = true } }
        if !usesBase { program.subclassKey = nil }
      }
    }
    program.keyTypes = program.keyTypes.filter { used.contains(.type($0)) }
    program.namedKeys = program.namedKeys.filter { used.contains(.named($0)) }
    return program
  }
}
