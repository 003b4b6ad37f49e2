import Foundation

/// The analysis's log of one module (`implicits analyze --emit-resolutions`),
/// as the comparison reads it.
struct AnalyzerResolutions {
  enum Target: Equatable {
    case declaration(file: String, end: Int)
    case upstream(module: String, key: String)
    case outside, unknown, ambiguous, unresolved
  }

  struct Call {
    var file: String
    var offsets: [Int]
    var line: Int
    var column: Int
    var name: String
    var passesScope: Bool
    var target: Target
  }

  struct Closure {
    var file: String
    var offset: Int
    var line: Int
    var column: Int
    var inPlace: Bool
    /// The rule that runs it in place although Swift lets it escape.
    var rule: String?
  }

  var calls: [Call] = []
  var closures: [Closure] = []
  /// Each method of a class of the module with an override, as places
  /// (file and the offset of the declarations' last tokens).
  var overrides: Set<[String]> = []
  /// Where each function of the module's interface is, by record key
  /// (`FunctionDecl.overloadKey`): one place, or several where one
  /// signature is declared in several undecided `#if` branches.
  var declarations: [String: [(file: String, end: Int)]] = [:]

  init(contentsOf path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw OracleError("\(path) is not a resolution log")
    }
    for case let call as [String: Any] in root["calls"] as? [Any] ?? [] {
      let target = call["target"] as? [String: Any] ?? [:]
      let parsed: Target
      switch target["kind"] as? String {
      case "declaration": parsed = .declaration(file: target["file"] as? String ?? "", end: target["end"] as? Int ?? -1)
      case "upstream": parsed = .upstream(module: target["module"] as? String ?? "", key: target["key"] as? String ?? "")
      case "outside": parsed = .outside
      case "ambiguous": parsed = .ambiguous
      case "unresolved": parsed = .unresolved
      default: parsed = .unknown
      }
      calls.append(
        Call(
          file: call["file"] as? String ?? "", offsets: call["offsets"] as? [Int] ?? [], line: call["line"] as? Int ?? 0,
          column: call["column"] as? Int ?? 0, name: call["name"] as? String ?? "",
          passesScope: call["passesScope"] as? Bool ?? false, target: parsed))
    }
    for case let closure as [String: Any] in root["closures"] as? [Any] ?? [] {
      closures.append(
        Closure(
          file: closure["file"] as? String ?? "", offset: closure["offset"] as? Int ?? -1,
          line: closure["line"] as? Int ?? 0, column: closure["column"] as? Int ?? 0,
          inPlace: closure["inPlace"] as? Bool ?? false, rule: closure["rule"] as? String))
    }
    for case let pair as [String: Any] in root["overrides"] as? [Any] ?? [] {
      overrides.insert([
        pair["file"] as? String ?? "", "\(pair["end"] as? Int ?? -1)", pair["overrideFile"] as? String ?? "",
        "\(pair["overrideEnd"] as? Int ?? -1)",
      ])
    }
    for case let declaration as [String: Any] in root["declarations"] as? [Any] ?? [] {
      guard let key = declaration["key"] as? String else { continue }
      declarations[key, default: []].append((declaration["file"] as? String ?? "", declaration["end"] as? Int ?? -1))
    }
  }
}

/// The analysis's resolutions judged against swiftc's, call by call:
/// **agree**; **refused** (the analysis said it cannot know: ambiguous,
/// unresolved, a receiver of unknown type; or it takes a closure that
/// swiftc makes non-escaping as escaping); **missed** (the analysis saw no
/// function of the module where swiftc calls one, for a call that passes
/// no scope); **wrong and sure** (the analysis names another function than
/// swiftc, or takes an escaping closure as run in place). Calls and
/// closures swiftc does not name at the same place (code in an `#if`
/// branch not compiled) are not counted.
struct ResolutionComparison {
  struct Tally {
    var agree = 0
    var refused = 0
    var missed = 0
    var wrongAndSure = 0

    var total: Int { agree + refused + missed + wrongAndSure }

    static func + (lhs: Tally, rhs: Tally) -> Tally {
      Tally(
        agree: lhs.agree + rhs.agree, refused: lhs.refused + rhs.refused, missed: lhs.missed + rhs.missed,
        wrongAndSure: lhs.wrongAndSure + rhs.wrongAndSure)
    }
  }

  var scopePassingCalls = Tally()
  var otherCalls = Tally()
  var closures = Tally()
  /// Overrides: agree, refused (one the analysis takes that Swift does not),
  /// wrong and sure (one Swift makes that the analysis misses: a call would
  /// not run it).
  var overrides = Tally()
  var unmatched = 0
  /// Each disagreement that is wrong and sure, or missed, in words.
  var findings: [String] = []
  /// Only the wrong-and-sure ones.
  var holes: [String] = []

  static func + (lhs: ResolutionComparison, rhs: ResolutionComparison) -> ResolutionComparison {
    ResolutionComparison(
      scopePassingCalls: lhs.scopePassingCalls + rhs.scopePassingCalls, otherCalls: lhs.otherCalls + rhs.otherCalls,
      closures: lhs.closures + rhs.closures, overrides: lhs.overrides + rhs.overrides, unmatched: lhs.unmatched + rhs.unmatched,
      findings: lhs.findings + rhs.findings, holes: lhs.holes + rhs.holes)
  }

  init(
    scopePassingCalls: Tally = Tally(), otherCalls: Tally = Tally(), closures: Tally = Tally(), overrides: Tally = Tally(),
    unmatched: Int = 0, findings: [String] = [], holes: [String] = []
  ) {
    self.scopePassingCalls = scopePassingCalls
    self.otherCalls = otherCalls
    self.closures = closures
    self.overrides = overrides
    self.unmatched = unmatched
    self.findings = findings
    self.holes = holes
  }

  /// Compares one module's log with swiftc's tree of it. `upstreamLogs`
  /// and `upstreamTrees` are the modules below it, by name.
  init(
    _ log: AnalyzerResolutions, _ swiftc: SwiftcResolutions, upstreamLogs: [String: AnalyzerResolutions] = [:],
    upstreamTrees: [SwiftcResolutions] = []
  ) {
    self.init()
    enum Resolved: Equatable {
      case function(file: String, end: Int)
      case outside
      case refused
    }
    func swiftcTarget(_ place: SwiftcResolutions.Place) -> Resolved {
      guard let declaration = swiftc.declaration(calledAt: place, upstream: upstreamTrees), declaration.isWrittenFunction
      else { return .outside }
      return .function(file: declaration.file, end: declaration.end)
    }
    /// The analysis's target; of a record that stands for several places
    /// (the branches of an undecided `#if`), the one swiftc calls if any.
    func analyzerTarget(_ target: AnalyzerResolutions.Target, expected: Resolved) -> Resolved {
      switch target {
      case .declaration(let file, let end): return .function(file: file, end: end)
      case .upstream(let module, let key):
        let places = (upstreamLogs[module]?.declarations[key] ?? []).map { Resolved.function(file: $0.file, end: $0.end) }
        guard let first = places.first else { return .refused }
        return places.contains(expected) ? expected : first
      case .outside: return .outside
      case .unknown, .ambiguous, .unresolved: return .refused
      }
    }
    func describe(_ resolved: Resolved) -> String {
      switch resolved {
      case .function(let file, let end): "\((file as NSString).lastPathComponent)@\(end)"
      case .outside: "no function of the module or upstream"
      case .refused: "refused"
      }
    }
    for call in log.calls {
      guard
        let place = call.offsets.lazy.map({ SwiftcResolutions.Place(file: call.file, offset: $0) })
          .first(where: { swiftc.calls[$0] != nil })
      else {
        unmatched += 1
        continue
      }
      let expected = swiftcTarget(place)
      let actual = analyzerTarget(call.target, expected: expected)
      var tally = call.passesScope ? scopePassingCalls : otherCalls
      let written = "\((call.file as NSString).lastPathComponent):\(call.line):\(call.column) \(call.name)"
      if actual == .refused {
        tally.refused += 1
      } else if actual == expected {
        tally.agree += 1
      } else if actual == .outside {
        tally.missed += 1
        findings.append("missed: \(written): swiftc calls \(describe(expected))")
      } else {
        tally.wrongAndSure += 1
        let finding = "wrong and sure\(call.passesScope ? " (passes a scope)" : ""): \(written): the analysis took "
          + "\(describe(actual)), swiftc calls \(describe(expected)) (\(swiftc.calls[place] ?? ""))"
        findings.append(finding)
        holes.append(finding)
      }
      if call.passesScope { scopePassingCalls = tally } else { otherCalls = tally }
    }
    compareOverrides(log, swiftc)
    for closure in log.closures {
      guard let nonEscaping = swiftc.closures[SwiftcResolutions.Place(file: closure.file, offset: closure.offset)] else {
        unmatched += 1
        continue
      }
      let place = "\((closure.file as NSString).lastPathComponent):\(closure.line):\(closure.column)"
      switch (closure.inPlace, nonEscaping) {
      case (true, true), (false, false): closures.agree += 1
      case (false, true): closures.refused += 1
      case (true, false) where closure.rule != nil:
        // A task group's child task escapes, but ends before the group
        // returns and inherits the calling task's values (the user guide's rule).
        closures.agree += 1
      case (true, false):
        closures.wrongAndSure += 1
        let finding = "wrong and sure: \(place): the analysis runs this closure in place, swiftc makes it escaping"
        findings.append(finding)
        holes.append(finding)
      }
    }
  }

  /// swiftc's overrides (each method's `override` names the one it
  /// overrides directly) against the analysis's (every override of each
  /// method of the module, at any depth).
  private mutating func compareOverrides(_ log: AnalyzerResolutions, _ swiftc: SwiftcResolutions) {
    var swiftcPairs = Set<[String]>()
    for (_, declaration) in swiftc.declarations where declaration.kind == "func_decl" && !declaration.isImplicit {
      // Every method it overrides, up the chain.
      var pending = declaration.overrides
      var seen = Set<String>()
      while let usr = pending.popLast(), seen.insert(usr).inserted {
        guard let base = swiftc.declarations[usr] else { continue }
        swiftcPairs.insert([base.file, "\(base.end)", declaration.file, "\(declaration.end)"])
        pending += base.overrides
      }
    }
    for pair in swiftcPairs {
      if log.overrides.contains(pair) {
        overrides.agree += 1
      } else {
        overrides.wrongAndSure += 1
        let finding = "wrong and sure: the analysis does not take \((pair[2] as NSString).lastPathComponent)@\(pair[3]) "
          + "for an override of \((pair[0] as NSString).lastPathComponent)@\(pair[1]); a call of the latter may run it"
        findings.append(finding)
        holes.append(finding)
      }
    }
    for pair in log.overrides where !swiftcPairs.contains(pair) {
      overrides.refused += 1
      findings.append(
        "refused: the analysis takes \((pair[2] as NSString).lastPathComponent)@\(pair[3]) for an override of "
          + "\((pair[0] as NSString).lastPathComponent)@\(pair[1]), which swiftc does not")
    }
  }

  /// One line per kind of resolution.
  var summary: String {
    func line(_ name: String, _ tally: Tally) -> String {
      "\(name): \(tally.total) (agree \(tally.agree), refused \(tally.refused), missed \(tally.missed), wrong and sure \(tally.wrongAndSure))"
    }
    return [
      line("scope-passing calls", scopePassingCalls), line("other calls", otherCalls),
      line("closure arguments", closures), line("overrides", overrides),
      "not compared (not in swiftc's tree at that place): \(unmatched)",
    ].joined(separator: "\n")
  }
}
