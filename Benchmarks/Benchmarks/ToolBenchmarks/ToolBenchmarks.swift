import Benchmark
import Dispatch
import Foundation
import ImplicitsAnalysis
import ImplicitsBuild
import ImplicitsInterface
import BenchmarkProjects

// The analyzer and the build integrator on generated projects (see
// ImplicitsProjectGenerator): lines per second, the cost of upstream
// interfaces a module does not import, and cold, no-op and incremental
// builds. Figures are printed as a table and recorded as custom metrics.

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func best(of rounds: Int, _ body: () throws -> Void) rethrows -> Double {
  var result = Double.infinity
  for _ in 0..<rounds { result = min(result, try seconds(body)) }
  return result
}

func temporaryDirectory(_ name: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("implicits-bench-\(name)-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

func sources(of module: String, in project: String) throws -> [SourceInput] {
  let directory = "\(project)/Modules/\(module)/Sources"
  return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { name in
    try SourceInput.load(path: "\(directory)/\(name)", sourcesRoot: project)
  }
}

func lineCount(_ inputs: [SourceInput]) -> Int {
  inputs.reduce(0) { $0 + $1.contents.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
}

let benchmarks: @Sendable () -> Void = {
  let once = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)

  Benchmark("analyzer: lines per second on a large module", configuration: once) { benchmark in
    let project = try temporaryDirectory("large")
    defer { try? FileManager.default.removeItem(atPath: project) }
    try ProjectGenerator(modules: 2, totalLines: 50_000, fanIn: 1, filesPerModule: 25).write(to: project)
    let inputs = try sources(of: "M0", in: project)
    let lines = lineCount(inputs)
    let time = best(of: 3) { _ = Analyzer.analyze(AnalysisRequest(moduleName: "M0", sources: inputs)) }
    let perSecond = Int(Double(lines) / time)
    benchmark.measurement(.custom("lines/s", polarity: .prefersLarger, useScalingFactor: false), perSecond)
    print(String(format: "\nAnalyzer: %d lines in %.3f s: %d lines/s\n", lines, time, perSecond))
  }

  Benchmark("analyzer: one module handed 1, 10 and 50 upstream interfaces", configuration: once) { benchmark in
    let project = try temporaryDirectory("upstream")
    defer { try? FileManager.default.removeItem(atPath: project) }
    let generator = ProjectGenerator(modules: 53, totalLines: 26_000, fanIn: 1, filesPerModule: 2)
    let manifest = try generator.write(to: project)
    precondition(build(manifest, jobs: 2) == 0, "the upstream modules did not build")
    let interfaces = "\(project)/.implicits/interfaces"
    // With a fan-in of 1, M51 depends on (and imports) one module.
    let target = "M51"
    let imported = generator.dependencies()[target]!
    let others = (0..<51).map { "M\($0)" }.filter { !imported.contains($0) }
    let inputs = try sources(of: target, in: project)
    func time(_ modules: [String]) throws -> Double {
      try best(of: 7) {
        let files = try InterfaceLoading.load(modules.map { "\(interfaces)/\($0).implicitinterface" }, for: target)
        let result = Analyzer.analyze(AnalysisRequest(moduleName: target, sources: inputs, upstream: files))
        precondition(!result.hasErrors, "\(result.diagnostics)")
      }
    }
    let one = try time(imported)
    let ten = try time(imported + others.prefix(9))
    let fifty = try time(imported + others.prefix(49))
    let ratio = fifty / one
    benchmark.measurement(.custom("50 interfaces ÷ imported only ×100", useScalingFactor: false), Int((ratio * 100).rounded()))
    print(
      String(
        format: """

          Analyzer, one module (%d lines) and its upstream interfaces:
            only the 1 it imports   %.4f s
            10 (1 imported)         %.4f s  %.2f×
            50 (1 imported)         %.4f s  %.2f×  %@ (target ≤ 1.25×)

          """, lineCount(inputs), one, ten, ten / one, fifty, ratio, ratio <= 1.25 ? "holds" : "MISSED"))
  }

  Benchmark("integrator: 60 modules, about 90,000 lines", configuration: once) { benchmark in
    let generator = ProjectGenerator(modules: 60, totalLines: 90_000, fanIn: 3, filesPerModule: 6)
    let cold1 = try temporaryDirectory("cold1")
    let cold2 = try temporaryDirectory("cold2")
    defer {
      try? FileManager.default.removeItem(atPath: cold1)
      try? FileManager.default.removeItem(atPath: cold2)
    }
    let manifest1 = try generator.write(to: cold1)
    let manifest2 = try generator.write(to: cold2)
    var lines = 0
    for name in generator.moduleNames { lines += lineCount(try sources(of: name, in: cold1)) }

    let coldOne = seconds { precondition(build(manifest1, jobs: 1) == 0) }
    let coldTwo = seconds { precondition(build(manifest2, jobs: 2) == 0) }
    let noop = best(of: 3) { precondition(build(manifest2, jobs: 2) == 0) }

    // A body-only edit of one module, against that module's analysis alone.
    let edited = "M30"
    let (edit, alone) = try bodyEdit(of: edited, in: cold2, manifest: manifest2, generator: generator)

    benchmark.measurement(.custom("cold -j2 ÷ cold -j1 ×100", useScalingFactor: false), Int((coldTwo / coldOne * 100).rounded()))
    benchmark.measurement(.custom("no-op ÷ cold -j1 ×1000", useScalingFactor: false), Int((noop / coldOne * 1000).rounded()))
    benchmark.measurement(.custom("body edit ÷ module alone ×100", useScalingFactor: false), Int((edit / alone * 100).rounded()))
    print("""

      Integrator, \(generator.modules) modules, \(lines) lines (\(ProcessInfo.processInfo.activeProcessorCount) cores):
        cold, -j 1             \(f(coldOne)) s
        cold, -j 2             \(f(coldTwo)) s   \(f(coldTwo / coldOne, 2))× of -j 1   \(verdict(coldTwo / coldOne <= 0.65)) (target ≤ 0.65×)
        no-op                  \(f(noop)) s   \(f(noop / coldOne * 100, 1)) % of cold -j 1   \(verdict(noop / coldOne <= 0.05)) (target ≤ 5 %)
        body-only edit of \(edited)   \(f(edit)) s   \(f(edit / alone, 2))× of its analysis alone (\(f(alone)) s)   \(verdict(edit / alone <= 2)) (target ≤ 2×)

      """)
  }

  registerScaleBenchmarks()
  registerChainBenchmarks()
  registerLanguageServerBenchmarks()
  registerBuildServerBenchmarks()
  registerBuildServerMemoryBenchmarks()
  registerPhaseBenchmarks()
  registerPipelineBenchmarks()
}
