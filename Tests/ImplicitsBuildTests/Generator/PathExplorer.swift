import ImplicitsTestSupport
import Foundation

/// Runs a generated program on every path.
///
/// A generated program takes each branch from its path selector,
/// `P_decide(site)`, and writes `#decision SITE VALUE` to standard error at
/// each decision. A run is given bits in one of two modes:
/// - by site (`s`): each branch point of the source (`site`) takes its bit,
///   every time it is met; a run that meets branch points it was not given
///   opens new paths (each one set, the ones before it cleared), so the
///   walk runs each assignment of the branch points a path meets: at most
///   2^k runs for k branch points, whatever the calls and loops;
/// - by decision (`d`): the n-th decision of the run takes the n-th bit, so
///   the same branch point met twice may go both ways: every execution
///   that an analysis which cannot read conditions must consider, but as
///   many paths as the calls multiply.
/// A stop found either way is a real execution. The harness runs by site
/// first, and by decision only to confirm that a rejected program that
/// ran clean really never stops (a branch point met twice could have hidden
/// the stop by site).
enum PathExplorer {
  enum Mode: String, Sendable {
    case bySite = "s"
    case byDecision = "d"
  }

  struct Exploration: Sendable {
    var runs = 0
    /// Every path was run (not cut at the limit).
    var complete = true
    /// The decisions of the first run that stopped for want of a value, and
    /// what it wrote.
    var stop: (decisions: [Bool], message: String)?
    /// A run that failed otherwise: a bug of the generator.
    var failure: String?
    /// The decisions each run took, in order.
    var paths: [[Bool]] = []
    /// Some run met a branch point more than once (by site, it went the
    /// same way each time).
    var metTwice = false
  }

  /// Seconds a run may take before it is killed.
  static let runTimeLimit = 20.0

  static func exploreAll(_ numbers: [Int], mode: Mode, limit: Int, executable: String, in directory: String)
    -> [Exploration]
  {
    let box = BatchResults(count: numbers.count, empty: Exploration())
    DispatchQueue.concurrentPerform(iterations: numbers.count) { index in
      box.store(index, explore(numbers[index], mode: mode, limit: limit, executable: executable, in: directory))
    }
    return box.results
  }

  static func explore(_ number: Int, mode: Mode, limit: Int, executable: String, in directory: String) -> Exploration {
    var exploration = Exploration()
    // By decision: the bits of the first decisions. By site: the bits set
    // so far, by branch point.
    var pending: [[Int: Bool]] = [[:]]
    while let given = pending.popLast() {
      guard exploration.runs < limit else {
        exploration.complete = false
        break
      }
      exploration.runs += 1
      let length = (given.keys.max() ?? -1) + 1
      let bits = String((0..<length).map { given[$0] == true ? "1" : "0" })
      guard
        let result = try? CommandLineTool.run(
          executable: URL(fileURLWithPath: executable), [String(number), mode.rawValue, bits], in: directory,
          environment: ["SWIFT_BACKTRACE": "enable=no"], killAfter: runTimeLimit)
      else {
        exploration.failure = "could not start the program"
        return exploration
      }
      let decisions = result.errors.split(separator: "\n").filter { $0.hasPrefix("#decision ") }.map { line in
        let fields = line.split(separator: " ")
        return (site: Int(fields[1]) ?? 0, value: fields[2] == "1")
      }
      exploration.paths.append(decisions.map(\.value))
      if Set(decisions.map(\.site)).count < decisions.count { exploration.metTwice = true }
      // The branch points this run met first, in order.
      var opened: [Int] = []
      switch mode {
      case .byDecision: opened = Array(decisions.indices.dropFirst(given.count))
      case .bySite:
        for decision in decisions where given[decision.site] == nil && !opened.contains(decision.site) {
          opened.append(decision.site)
        }
      }
      for (index, point) in opened.enumerated().reversed() {
        var next = given
        for earlier in opened[..<index] { next[earlier] = false }
        next[point] = true
        pending.append(next)
      }
      if result.status == 0 { continue }
      let message = result.errors.split(separator: "\n").filter { !$0.hasPrefix("#decision ") }.joined(separator: "\n")
      if message.contains("Implicits: no implicit value") || message.contains("Implicits: the bag captured here needs") {
        if exploration.stop == nil { exploration.stop = (decisions.map(\.value), message) }
      } else {
        exploration.failure = "\(mode) path \(bits): status \(result.status)\n\(message.suffix(2000))\(result.output.suffix(1000))"
        return exploration
      }
    }
    return exploration
  }
}
