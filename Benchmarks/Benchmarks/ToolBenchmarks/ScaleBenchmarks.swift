import Benchmark
import Foundation
import ImplicitsAnalysis
import ImplicitsBuild
import ImplicitsInterface
import BenchmarkProjects
import SwiftParser

// Scale (issue 16): the analysis against SwiftParser alone on the same
// files, peak memory at 60 and 1,000 modules, the 1,000-module builds, and
// what critical-path scheduling gains.

/// Returns freed memory to the system and restarts the peak-memory count
/// (Linux: /proc/self/clear_refs), so that the next reading is one build's.
func restartPeakMemory() {
  FreedMemory.returnToSystem()
  try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// The peak resident memory since `restartPeakMemory`, in bytes (VmHWM).
func peakMemory() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
  else { return 0 }
  return kilobytes * 1024
}

func build(
  _ manifest: String, jobs: Int, scheduling: SchedulingPolicy = .criticalPath, workers: String? = nil, modules: [String] = []
) -> Int32 {
  var options = BuildOptions(manifestPath: manifest, jobs: jobs, modules: modules)
  options.scheduling = scheduling
  options.workerExecutable = workers
  return BuildRunner.run(options, console: BuildConsole(output: { _ in }, progress: { _ in })).code
}

/// Every source file of a generated project, read.
func projectSources(_ generator: ProjectGenerator, in project: String) throws -> [[UInt8]] {
  try generator.moduleNames.flatMap { name in
    let directory = "\(project)/Modules/\(name)/Sources"
    return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { file in
      Array(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(file)")))
    }
  }
}

/// The `implicits` executable built beside the benchmarks (the plugin's
/// tool), for a build in worker processes; nil when there is none.
func implicitsExecutable() -> String? {
  guard let benchmark = Bundle.main.executableURL else { return nil }
  let directory = benchmark.deletingLastPathComponent()
  func modified(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
  }
  // SwiftPM names the plugin's build of the command-line tool `ImplicitsCLI-tool`.
  let candidates = ["implicits", "ImplicitsCLI-tool"].map { directory.appendingPathComponent($0).path }
    .filter { FileManager.default.isExecutableFile(atPath: $0) }
  // A worker must speak the driver's protocol: one built before this
  // benchmark may come from other sources.
  let built = modified(benchmark.path) ?? .distantPast
  if let fresh = candidates.first(where: { (modified($0) ?? .distantPast) >= built.addingTimeInterval(-600) }) {
    return fresh
  }
  print("""
    (worker-process figures skipped: \(candidates.isEmpty ? "no command line beside the benchmark" : "the command line beside the benchmark is older than it"); \
    build it first: swift build -c release --package-path Benchmarks --product implicits)
    """)
  return nil
}

/// The best of three builds after a body-only edit of `module`, and the
/// best of three analyses of that module alone (its sources and the
/// interfaces of its direct dependencies, as the build left them).
func bodyEdit(of module: String, in project: String, manifest: String, generator: ProjectGenerator) throws
  -> (edit: Double, alone: Double)
{
  let file = "\(project)/Modules/\(module)/Sources/\(module)Part2.swift"
  var text = try String(contentsOfFile: file, encoding: .utf8)
  var edits: [Double] = []
  for round in 0..<3 {
    text = text.replacingOccurrences(of: "case 1: return title.uppercased()", with: "case 1: return title.uppercased() // \(round)")
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    edits.append(seconds { precondition(build(manifest, jobs: 2) == 0) })
  }
  let interfaces = "\(project)/.implicits/interfaces"
  let upstream = generator.dependencies()[module]!
  let inputs = try sources(of: module, in: project)
  let alone = try best(of: 3) {
    let loaded = try InterfaceLoading.load(upstream.map { "\(interfaces)/\($0).implicitinterface" }, for: module)
    _ = Analyzer.analyze(AnalysisRequest(moduleName: module, sources: inputs, upstream: loaded))
  }
  return (edits.min()!, alone)
}

func megabytes(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1e6) }
/// The executable, for a benchmark that cannot run without it.
func requiredImplicitsExecutable() -> String {
  guard let executable = implicitsExecutable() else {
    fatalError(
      "no implicits executable built with the benchmark: run 'swift build -c release --package-path Benchmarks "
        + "--product implicits' after building the benchmarks, then run them again")
  }
  return executable
}

func verdict(_ holds: Bool) -> String { holds ? "holds" : "MISSED" }
func f(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

func registerScaleBenchmarks() {
  let once = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)

  Benchmark("integrator: 1,000 modules, about 1.5 million lines", configuration: once) { benchmark in
    let linesPerModule = 1_500
    let small = ProjectGenerator(modules: 60, totalLines: linesPerModule * 59, fanIn: 3, filesPerModule: 6)
    let large = ProjectGenerator(modules: 1_000, totalLines: linesPerModule * 999, fanIn: 3, filesPerModule: 6)
    let smallProject = try temporaryDirectory("small")
    let coldOneProject = try temporaryDirectory("large1")
    let coldTwoProject = try temporaryDirectory("large2")
    defer {
      for directory in [smallProject, coldOneProject, coldTwoProject] { try? FileManager.default.removeItem(atPath: directory) }
    }
    let smallManifest = try small.write(to: smallProject)
    let manifestOne = try large.write(to: coldOneProject)
    let manifestTwo = try large.write(to: coldTwoProject)

    // Peak memory of cold -j 2 builds, 60 modules then 1,000 of the same size.
    restartPeakMemory()
    precondition(build(smallManifest, jobs: 2) == 0)
    let smallPeak = peakMemory()
    restartPeakMemory()
    let coldTwo = seconds { precondition(build(manifestTwo, jobs: 2) == 0) }
    let largePeak = peakMemory()

    // The same, every module but App (which imports all the others, so
    // grows with the project): the modules of one size.
    func librariesPeak(_ generator: ProjectGenerator) throws -> Int {
      let project = try temporaryDirectory("libraries")
      defer { try? FileManager.default.removeItem(atPath: project) }
      let manifest = try generator.write(to: project)
      restartPeakMemory()
      precondition(build(manifest, jobs: 2, modules: generator.moduleNames.filter { $0 != "App" }) == 0)
      return peakMemory()
    }
    let smallLibraries = try librariesPeak(small)
    let largeLibraries = try librariesPeak(large)

    // SwiftParser alone on every file, against the cold -j 1 build.
    let files = try projectSources(large, in: coldOneProject)
    let lines = files.reduce(0) { $0 + $1.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
    let parse = seconds {
      for file in files { _ = file.withUnsafeBufferPointer { Parser.parse(source: $0) } }
    }
    // The same files parsed by two threads, half each: what two cores give
    // on this machine for this kind of work, the floor of a -j 2 build.
    let parseTwo = seconds {
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        for file in files[(half == 0 ? 0 : files.count / 2)..<(half == 0 ? files.count / 2 : files.count)] {
          _ = file.withUnsafeBufferPointer { Parser.parse(source: $0) }
        }
      }
    }
    let coldOne = seconds { precondition(build(manifestOne, jobs: 1) == 0) }
    let noop = best(of: 3) { precondition(build(manifestTwo, jobs: 2) == 0) }

    // A body-only edit of a module in the middle, against its analysis alone.
    let edited = "M500"
    let (edit, alone) = try bodyEdit(of: edited, in: coldTwoProject, manifest: manifestTwo, generator: large)

    // The same cold -j 2 build with the analyses in worker processes, as
    // the command line runs them.
    // The projects are written before the clock starts. (The workers' own
    // peak is not read here: a child's `ru_maxrss` starts from this
    // process's, which holds every source; docs/performance.md gives the
    // command line's, measured from a shell.)
    var workers: (one: Double, two: Double, driver: Int)?
    if let executable = implicitsExecutable() {
      let projectOne = try temporaryDirectory("workers1")
      let projectTwo = try temporaryDirectory("workers2")
      defer {
        try? FileManager.default.removeItem(atPath: projectOne)
        try? FileManager.default.removeItem(atPath: projectTwo)
      }
      let workerManifestOne = try large.write(to: projectOne)
      let workerManifestTwo = try large.write(to: projectTwo)
      let one = seconds { precondition(build(workerManifestOne, jobs: 1, workers: executable) == 0) }
      restartPeakMemory()
      let two = seconds { precondition(build(workerManifestTwo, jobs: 2, workers: executable) == 0) }
      workers = (one, two, peakMemory())
    }

    let floor = coldOne / parse
    let memory = Double(largePeak) / Double(max(smallPeak, 1))
    benchmark.measurement(.custom("cold -j1 ÷ parse alone ×100", useScalingFactor: false), Int((floor * 100).rounded()))
    benchmark.measurement(.custom("peak memory 1000 ÷ 60 modules ×100", useScalingFactor: false), Int((memory * 100).rounded()))
    benchmark.measurement(.custom("cold -j2 ÷ cold -j1 ×100", useScalingFactor: false), Int((coldTwo / coldOne * 100).rounded()))
    benchmark.measurement(.custom("parse 2 threads ÷ 1 ×100", useScalingFactor: false), Int((parseTwo / parse * 100).rounded()))
    benchmark.measurement(.custom("no-op ÷ cold -j1 ×1000", useScalingFactor: false), Int((noop / coldOne * 1000).rounded()))
    benchmark.measurement(.custom("body edit ÷ module alone ×100", useScalingFactor: false), Int((edit / alone * 100).rounded()))
    print("""

      Scale, \(large.modules) modules, \(lines) lines (\(ProcessInfo.processInfo.activeProcessorCount) cores):
        SwiftParser alone, every file   \(f(parse)) s
          on two threads, half each     \(f(parseTwo)) s   \(f(parseTwo / parse, 2))× (what two cores give here)
        cold, -j 1                      \(f(coldOne)) s   \(f(floor, 2))× parsing alone   \(verdict(floor <= 2)) (target ≤ 2×)
        cold, -j 2                      \(f(coldTwo)) s   \(f(coldTwo / coldOne, 2))× of -j 1   \(verdict(coldTwo / coldOne <= 0.55)) (target ≤ 0.55×)
        no-op                           \(f(noop)) s   \(f(noop / coldOne * 100, 2)) % of cold -j 1   \(verdict(noop / coldOne <= 0.01)) (target ≤ 1 %)
        body-only edit of \(edited)          \(f(edit)) s   \(f(edit / alone, 2))× of its analysis alone (\(f(alone)) s)   \(verdict(edit / alone <= 2)) (target ≤ 2×)
        peak memory, cold -j 2          60 modules \(megabytes(smallPeak)), 1,000 modules \(megabytes(largePeak)): \(f(memory, 2))×   \(verdict(memory <= 1.5)) (target ≤ 1.5×)
          every module but App          60 modules \(megabytes(smallLibraries)), 1,000 modules \(megabytes(largeLibraries)): \(f(Double(largeLibraries) / Double(max(smallLibraries, 1)), 2))×
      \(workers.map { w in
        """
          In worker processes, as the command line runs them:
            cold, -j 1                    \(f(w.one)) s   \(f(w.one / parse, 2))× parsing alone
            cold, -j 2                    \(f(w.two)) s   \(f(w.two / w.one, 2))× of -j 1
            peak memory, cold -j 2        build process \(megabytes(w.driver))

        """ } ?? "  (no implicits executable beside the benchmarks: worker processes not measured)\n")
      """)
  }

  Benchmark("scheduler: one long chain beside short modules, -j 2", configuration: once) { benchmark in
    let generator = ProjectGenerator.chainBesideShortOnes(chain: 24, short: 24, linesPerModule: 3_000)
    var times: [SchedulingPolicy: Double] = [:]
    for round in 0..<3 {
      for policy in [SchedulingPolicy.buildOrder, .criticalPath] {
        let project = try temporaryDirectory("chain\(round)")
        defer { try? FileManager.default.removeItem(atPath: project) }
        let manifest = try generator.write(to: project)
        let time = seconds { precondition(build(manifest, jobs: 2, scheduling: policy) == 0) }
        times[policy] = min(times[policy] ?? .infinity, time)
      }
    }
    let order = times[.buildOrder]!
    let critical = times[.criticalPath]!
    benchmark.measurement(.custom("critical path ÷ build order ×100", useScalingFactor: false), Int((critical / order * 100).rounded()))
    print("""

      Scheduling, 24 modules in one chain beside 24 independent ones (about 3,000 lines each), cold, -j 2:
        build order first               \(f(order)) s
        longest path first              \(f(critical)) s   \(f(critical / order, 2))× (\(f((1 - critical / order) * 100, 0)) % less)

      """)
  }
}
