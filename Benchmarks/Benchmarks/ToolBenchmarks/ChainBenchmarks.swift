import Benchmark
import BenchmarkProjects
import Foundation
import ImplicitsBuild

// Deep graphs (issue 27): a chain of trivial modules, each depending on the
// one before. Each analysis takes a few milliseconds whatever the depth;
// what the build does beside it must not grow with the depth either: time
// linear in the module count, and a no-op of 20,000 modules within a second.

func registerChainBenchmarks() {
  let once = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)

  Benchmark("integrator: chains of 1,000, 2,000 and 20,000 modules, -j 2", configuration: once) { benchmark in
    let workers = implicitsExecutable()
    var cold: [Int: Double] = [:]
    var noOp: [Int: Double] = [:]
    // The no-op as a user runs it: `implicits build`, a process of its own
    // (start, the build, exit), best of 5.
    var commandLineNoOp: Double?
    for length in [1_000, 2_000, 20_000] {
      let project = try temporaryDirectory("chain\(length)")
      defer { try? FileManager.default.removeItem(atPath: project) }
      let manifest = try ChainProject(modules: length).write(to: project)
      cold[length] = seconds { precondition(build(manifest, jobs: 2, workers: workers) == 0) }
      noOp[length] = best(of: 3) { precondition(build(manifest, jobs: 2, workers: workers) == 0) }
      if length == 20_000, let workers {
        commandLineNoOp = try best(of: 5) {
          let process = Process()
          process.executableURL = URL(fileURLWithPath: workers)
          process.arguments = ["build", "--manifest", manifest, "-j", "2", "--quiet"]
          try process.run()
          process.waitUntilExit()
          precondition(process.terminationStatus == 0)
        }
      }
    }
    let ratio = cold[2_000]! / cold[1_000]!
    benchmark.measurement(.custom("cold 2,000 ÷ 1,000 ×100", useScalingFactor: false), Int((ratio * 100).rounded()))
    benchmark.measurement(.custom("no-op 20,000 (ms)", useScalingFactor: false), Int((noOp[20_000]! * 1000).rounded()))
    if let commandLineNoOp {
      benchmark.measurement(
        .custom("no-op 20,000, command line (ms)", useScalingFactor: false), Int((commandLineNoOp * 1000).rounded()))
    }
    func perModule(_ length: Int) -> String { f(cold[length]! / Double(length) * 1000, 2) }
    print("""

      A chain of trivial modules, each depending on the one before, -j 2, \(workers == nil ? "in process" : "in worker processes"):
                        cold                       no-op
        1,000 modules   \(f(cold[1_000]!)) s (\(perModule(1_000)) ms a module)   \(f(noOp[1_000]!)) s
        2,000 modules   \(f(cold[2_000]!)) s (\(perModule(2_000)) ms a module)   \(f(noOp[2_000]!)) s
        20,000 modules  \(f(cold[20_000]!)) s (\(perModule(20_000)) ms a module)   \(f(noOp[20_000]!)) s
        cold, 2,000 ÷ 1,000      \(f(ratio, 2))×   target ≤ 2.3×: \(verdict(ratio <= 2.3))
        cold, 20,000 ÷ 1,000     \(f(cold[20_000]! / cold[1_000]!, 2))×   (linear: 20×)
        no-op, 20,000 modules    \(f(noOp[20_000]!)) s   target ≤ 1 s: \(verdict(noOp[20_000]! <= 1))
        no-op, 20,000 modules, `implicits build` (a process)   \(commandLineNoOp.map { "\(f($0)) s   target ≤ 1 s: \(verdict($0 <= 1))" } ?? "not measured: the implicits executable was not found")

      """)
  }
}
