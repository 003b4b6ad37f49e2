import Benchmark
import Foundation
import ImplicitsBuild
import BenchmarkProjects

// Pipelining (issue 41, §3): on a graph 250 modules deep, the critical
// path of a cold build as it pipelines (dependents start once a module's
// interface is written; a module's parse runs beside what it depends on)
// against the same modules without; then cold builds on every core with
// and without, on that graph and on the layered one.

/// A build report's modules: when each started, resumed, was released and
/// ended, and its phases, for the critical path of a build that does not
/// pipeline (each module after the end of what it depends on).
struct ReportModules {
  struct Module {
    var name: String
    var started: Double
    var ended: Double
    var resumed: Double?
  }

  var modules: [Module]

  init(path: String) throws {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    modules = (object["modules"] as! [[String: Any]]).map { module in
      Module(
        name: module["name"] as! String, started: module["started"] as! Double, ended: module["ended"] as! Double,
        resumed: module["resumed"] as? Double)
    }
  }

  /// The longest chain of modules, each weighing its whole time in the
  /// build (start to end): the critical path without pipelining.
  func wholeCriticalPath(dependencies: [String: [String]]) -> Double {
    var best: [String: Double] = [:]
    for module in modules {
      let before = (dependencies[module.name] ?? []).compactMap { best[$0] }.max() ?? 0
      best[module.name] = before + module.ended - module.started
    }
    return best.values.max() ?? 0
  }
}

/// A cold build of `manifest` in worker processes of `executable`, with
/// or without pipelining; its seconds.
func coldBuild(_ manifest: String, jobs: Int, workers executable: String, pipelining: Bool) throws -> Double {
  let directory = (manifest as NSString).deletingLastPathComponent
  try? FileManager.default.removeItem(atPath: directory + "/.implicits")
  var options = BuildOptions(manifestPath: manifest, jobs: jobs, reportPath: directory + "/pipelining.json")
  options.workerExecutable = executable
  options.pipelining = pipelining
  precondition(BuildRunner.run(options, console: BuildConsole(output: { _ in }, progress: { _ in })).code == 0)
  return try ReportFigures(path: directory + "/pipelining.json").seconds
}

func registerPipelineBenchmarks() {
  let once = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)

  Benchmark("integrator: pipelining, 1,000 modules 250 deep", configuration: once) { benchmark in
    let executable = requiredImplicitsExecutable()
    let deep = ProjectGenerator.deep(modules: 1_000, totalLines: 1_500 * 999, layerWidth: 4)
    let wide = ProjectGenerator(modules: 1_000, totalLines: 1_500 * 999, fanIn: 3, filesPerModule: 6)
    let deepDirectory = try temporaryDirectory("deep")
    let wideDirectory = try temporaryDirectory("wide")
    defer { for directory in [deepDirectory, wideDirectory] { try? FileManager.default.removeItem(atPath: directory) } }
    let deepManifest = try deep.write(to: deepDirectory)
    let wideManifest = try wide.write(to: wideDirectory)

    // The critical path, from one cold -j 1 build's report: as this build
    // pipelines (the report's), and as it would without (each module
    // after the end of what it depends on).
    let report = deepDirectory + "/report.json"
    let cold = try reportedBuild(deepManifest, jobs: 1, workers: executable, report: report)
    let whole = try ReportModules(path: report).wholeCriticalPath(dependencies: deep.dependencies())
    let ratio = cold.criticalPath / whole
    benchmark.measurement(.custom("critical path pipelined ÷ whole ×100", useScalingFactor: false), Int((ratio * 100).rounded()))

    // Every core, with and without pipelining, interleaved in the order
    // ABBA (the machine drifts during the run); the median of four.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var walls: [String: [Double]] = [:]
    for round in 0..<4 {
      for (name, manifest) in [("deep", deepManifest), ("wide", wideManifest)] {
        for pipelining in round % 2 == 0 ? [false, true] : [true, false] {
          walls["\(name) \(pipelining)", default: []].append(
            try coldBuild(manifest, jobs: cores, workers: executable, pipelining: pipelining))
        }
      }
    }
    func median(_ key: String) -> Double {
      let sorted = walls[key]!.sorted()
      return (sorted[1] + sorted[2]) / 2
    }
    print("""

      Pipelining, \(deep.modules) modules, \(deep.modules / deep.layerWidth) layers deep (\(deep.layerWidth) modules a layer), worker processes:
        critical path at -j 1, whole modules      \(f(whole)) s   (each after the end of what it depends on)
        critical path at -j 1, pipelined          \(f(cold.criticalPath)) s   (\(cold.criticalModules) modules)
        pipelined ÷ whole                         \(f(ratio, 2))×   \(verdict(ratio <= 0.6)) (target ≤ 0.6×)
        cold -j \(cores), deep graph                  \(f(median("deep false"))) s without, \(f(median("deep true"))) s with: \(f(median("deep true") / median("deep false"), 2))×
        cold -j \(cores), layered graph (\(wide.layerWidth) a layer)    \(f(median("wide false"))) s without, \(f(median("wide true"))) s with: \(f(median("wide true") / median("wide false"), 2))×
        every build (s): \(walls.keys.sorted().map { "\($0): " + walls[$0]!.map { f($0, 2) }.joined(separator: " ") }.joined(separator: "; "))
      """)
  }
}
