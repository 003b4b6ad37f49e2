import Benchmark
import Foundation
import ImplicitsBuild
import BenchmarkProjects
import SwiftParser

// Where a build's time goes (issue 41): the cold build of the 1,000-module
// project at -j 1 in worker processes, as the command line runs it, phase
// by phase from its build report, beside SwiftParser alone on the same
// files; then the same build on every core, beside its critical path.

/// A build report's figures: the build's seconds, its phases, its
/// critical path.
struct ReportFigures {
  var seconds: Double
  var phases: [String: Double]
  var criticalPath: Double
  var criticalModules: Int

  init(path: String) throws {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    seconds = object["seconds"] as! Double
    phases = object["phases"] as! [String: Double]
    let path = object["criticalPath"] as! [String: Any]
    criticalPath = path["seconds"] as! Double
    criticalModules = (path["modules"] as! [String]).count
  }
}

/// A cold build of `manifest` in worker processes of `executable`, with
/// its report.
func reportedBuild(_ manifest: String, jobs: Int, workers executable: String, report: String) throws -> ReportFigures {
  var options = BuildOptions(manifestPath: manifest, jobs: jobs, reportPath: report)
  options.workerExecutable = executable
  precondition(BuildRunner.run(options, console: BuildConsole(output: { _ in }, progress: { _ in })).code == 0)
  return try ReportFigures(path: report)
}

/// The phases in the order a module goes through them.
let phaseOrder = [
  "planning", "sources", "handOff", "parse", "declarations", "interfaces", "bodies", "requirements", "outputs", "recording",
]

func registerPhaseBenchmarks() {
  let once = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)

  Benchmark("integrator: where a cold build's time goes, 1,000 modules", configuration: once) { benchmark in
    let executable = requiredImplicitsExecutable()
    let generator = ProjectGenerator(modules: 1_000, totalLines: 1_500 * 999, fanIn: 3, filesPerModule: 6)
    let one = try temporaryDirectory("phases1")
    let all = try temporaryDirectory("phasesN")
    defer { for directory in [one, all] { try? FileManager.default.removeItem(atPath: directory) } }
    let manifestOne = try generator.write(to: one)
    let manifestAll = try generator.write(to: all)

    let files = try projectSources(generator, in: one)
    let lines = files.reduce(0) { $0 + $1.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
    let parse = seconds {
      for file in files { _ = file.withUnsafeBufferPointer { Parser.parse(source: $0) } }
    }
    let cold = try reportedBuild(manifestOne, jobs: 1, workers: executable, report: one + "/report.json")
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let wide = try reportedBuild(manifestAll, jobs: cores, workers: executable, report: all + "/report.json")

    let modules = cold.phases.values.reduce(0, +)
    let outside = max(0, cold.seconds - modules)
    let ratio = cold.seconds / parse
    benchmark.measurement(.custom("cold -j1 ÷ parse alone ×100", useScalingFactor: false), Int((ratio * 100).rounded()))
    benchmark.measurement(
      .custom("-jN ÷ critical path ×100", useScalingFactor: false), Int((wide.seconds / wide.criticalPath * 100).rounded()))
    var table = ""
    for phase in phaseOrder {
      let value = cold.phases[phase] ?? 0
      let name = phase.padding(toLength: 14, withPad: " ", startingAt: 0)
      table += "    \(name)  \(f(value, 2).leftPadded(8)) s  \(f(value / cold.seconds * 100, 1).leftPadded(5)) %  \(f(value / parse, 2).leftPadded(5))× parse\n"
    }
    table += "    \("outside modules".padding(toLength: 14, withPad: " ", startingAt: 0))  \(f(outside, 2).leftPadded(8)) s  \(f(outside / cold.seconds * 100, 1).leftPadded(5)) %  (manifest, graph, interface checks, database)\n"
    print("""

      Where a cold build's time goes, \(generator.modules) modules, \(lines) lines, worker processes (\(cores) cores):
        SwiftParser alone, every file   \(f(parse)) s
        cold, -j 1                      \(f(cold.seconds)) s   \(f(ratio, 2))× parsing alone   \(verdict(ratio <= 2)) (target ≤ 2×)
      \(table)
        cold, -j \(cores)                     \(f(wide.seconds)) s   critical path \(f(wide.criticalPath)) s (\(wide.criticalModules) modules): the build takes \(f(wide.seconds / wide.criticalPath, 2))× its critical path
          the critical path at -j 1     \(f(cold.criticalPath)) s (\(cold.criticalModules) modules)
      """)
  }
}

extension String {
  func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
