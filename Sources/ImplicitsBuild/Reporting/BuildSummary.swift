/// The last line of a build: what happened to the modules, how many errors
/// and warnings, how long it took. A build that analyzed nothing says so
/// in one line: `implicits: no work to do, 60 up to date`.
struct BuildSummary {
  var counts: [ModuleOutcome.Status: Int]
  var errors: Int
  var warnings: Int
  var interrupted: Bool
  var seconds: Double

  var line: String {
    let upToDate = counts[.upToDate] ?? 0
    let problems = [(errors, "error"), (warnings, "warning")].filter { $0.0 > 0 }
      .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
    if !interrupted, counts.keys.allSatisfy({ $0 == .upToDate }) {
      return "implicits: no work to do, \(upToDate) up to date" + problems.map { ", " + $0 }.joined()
    }
    var parts: [String] = []
    for (status, word) in [(ModuleOutcome.Status.analyzed, "analyzed"), (.upToDate, "up to date"), (.failed, "failed"), (.notRun, "not run")] {
      if let count = counts[status], count > 0 { parts.append("\(count) \(word)") }
    }
    let failed = (counts[.failed] ?? 0) > 0
    let verdict = interrupted ? "Build interrupted" : failed ? "Build failed" : "Build succeeded"
    return "\(verdict): \((parts + problems).joined(separator: ", ")) (\(BuildRunner.seconds(seconds)))"
  }
}
