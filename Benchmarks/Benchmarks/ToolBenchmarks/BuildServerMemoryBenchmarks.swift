import Benchmark
import BenchmarkProjects
import Foundation

/// A build server a developer leaves running for weeks (issue 48 §2): its
/// resident memory after 1, 10, 100 and 1,000 builds, each after a body
/// edit of the 5,000-line module with 50 upstream interfaces
/// (`EditedModule`). SERVER_BUILDS sets how many builds (1,000).
func registerBuildServerMemoryBenchmarks() {
  let once = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)

  Benchmark("build server: memory over 1,000 builds after body edits", configuration: once) { benchmark in
    let executable = requiredImplicitsExecutable()
    let module = try EditedModule.make("server-memory")
    defer { try? FileManager.default.removeItem(atPath: module.project) }
    let buildArguments = ["build", "--manifest", module.manifest, "--quiet", "--server"]
    let stop = { _ = try? timedRun(executable, ["build-server", "--stop"]) }
    stop()
    defer { stop() }
    let builds = Int(ProcessInfo.processInfo.environment["SERVER_BUILDS"] ?? "") ?? 1_000
    let readings = Set([1, 10, 100, 1_000, builds].filter { $0 <= builds })
    var memory: [(builds: Int, kilobytes: Int)] = []
    var process: Int32 = 0
    var seconds: [Double] = []
    for build in 1...builds {
      try module.text(rewrite: build).write(toFile: module.edited, atomically: true, encoding: .utf8)
      let run = try timedRun(executable, buildArguments)
      precondition(run.status == 0, "build \(build) exited \(run.status)")
      if build > 1 { seconds.append(run.seconds) }
      if build == 1 { process = try serverStatus(executable).process }
      if readings.contains(build) { memory.append((build, processResidentKilobytes(process))) }
    }
    let last = try serverStatus(executable).process
    precondition(last == process, "another server ran the builds")
    let tenth = memory.first { $0.builds >= 10 } ?? memory[0]
    let growth = Double(memory.last!.kilobytes - tenth.kilobytes) / 1024
    let sorted = seconds.sorted()
    benchmark.measurement(.custom("server memory after the last build − after 10, KB", useScalingFactor: false), memory.last!.kilobytes - tenth.kilobytes)
    print("""

      Build server (implicits build --server), module M50: \(module.files.count) files, \(module.lines) lines, 50 upstream interfaces,
      \(builds) builds, each after a body edit (median \(f((sorted.isEmpty ? 0 : sorted[sorted.count / 2]) * 1000, 1)) ms a build):
      \(memory.map { "  resident after \($0.builds) builds: \(f(Double($0.kilobytes) / 1024, 1)) MB" }.joined(separator: "\n"))
        growth from 10 builds to \(builds): \(f(growth, 1)) MB   target ≤ 8 MB: \(verdict(growth <= 8))

      """)
  }
}
