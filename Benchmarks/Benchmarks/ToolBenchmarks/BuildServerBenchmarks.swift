import Benchmark
import BenchmarkProjects
import Foundation

/// The module the edit benchmarks edit (issue 28): about 5,000 lines in
/// 10 files with 50 upstream interfaces (`M50` of a generated project of 52
/// modules, built once), with a function whose provide an edit takes away
/// or gives back (the diagnostics change), and a statement an edit
/// rewrites (nothing else changes).
struct EditedModule {
  static let provide = "  @Implicit var service = Service50()"
  static let taken = "  _ = 0"
  static let statement = "  _ = \"a statement\""
  static let rewritten = "  _ = \"a statement, rewritten\""

  let project: String
  let manifest: String
  let files: [String]
  let edited: String
  /// The edited file with the provide.
  let editedText: String
  /// The line of the provide (0-based).
  let editLine: Int
  let lines: Int

  /// The project written in a temporary folder named after `name`, and
  /// built: by `executable` when given, as a user builds before opening
  /// an editor (its records name that tool, which the language server
  /// then is: a build by this process would leave every upstream
  /// interface stale for it), else in this process.
  static func make(_ name: String, buildingWith executable: String? = nil) throws -> EditedModule {
    let project = try temporaryDirectory(name)
    var generator = ProjectGenerator(modules: 52, totalLines: 610 * 9 * 51, fanIn: 2, filesPerModule: 9)
    var dependencies = generator.dependencies()
    dependencies["M50"] = (0..<50).map { "M\($0)" }
    generator.dependencyOverride = dependencies
    let manifest = try generator.write(to: project)
    func built() -> Bool {
      guard let executable else { return build(manifest, jobs: 2) == 0 }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["build", "--manifest", manifest, "-j", "2", "--quiet"]
      guard (try? process.run()) != nil else { return false }
      process.waitUntilExit()
      return process.terminationStatus == 0
    }
    precondition(built(), "the project did not build")

    let folder = "\(project)/Modules/M50/Sources"
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { "\(folder)/\($0)" }
    let edited = files.first { $0.hasSuffix("Part4.swift") }!
    let editedText = try String(contentsOfFile: edited, encoding: .utf8) + """

      func benchmarkEdit() {
        let scope = ImplicitScope()
        defer { scope.end() }
      \(statement)
      \(provide)
        helper0_50(scope)
      }

      """
    try editedText.write(toFile: edited, atomically: true, encoding: .utf8)
    precondition(built(), "the project did not build after the edit function was added")
    return EditedModule(
      project: project, manifest: manifest, files: files, edited: edited, editedText: editedText,
      editLine: editedText.split(separator: "\n", omittingEmptySubsequences: false).count - 4,
      lines: try files.reduce(0) { $0 + (try String(contentsOfFile: $1, encoding: .utf8)).split(separator: "\n").count })
  }

  /// The edited file's text with the provide (even edits) or without it.
  func text(edit: Int) -> String {
    edit % 2 == 0 ? editedText : editedText.replacingOccurrences(of: Self.provide, with: Self.taken)
  }

  /// The edited file's text with the statement (even edits) or rewritten.
  func text(rewrite: Int) -> String {
    rewrite % 2 == 0 ? editedText : editedText.replacingOccurrences(of: Self.statement, with: Self.rewritten)
  }
}

/// Runs `executable` with `arguments`; its exit status and wall time.
func timedRun(_ executable: String, _ arguments: [String]) throws -> (status: Int32, seconds: Double) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  let time = try seconds {
    try process.run()
    process.waitUntilExit()
  }
  return (process.terminationStatus, time)
}

func registerBuildServerBenchmarks() {
  let once = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)

  // A body edit in `implicits build --server` (the build server keeps each
  // module's trees, declarations and bodies) against `implicits analyze`
  // of the edited file alone, with the same 50 upstream interfaces; both
  // as the processes a build script starts, alternating, in one run.
  // BUILD_EDITS sets how many edits (40).
  Benchmark("build server: body edits of a 5,000-line module with 50 upstream interfaces", configuration: once) {
    benchmark in
    let executable = requiredImplicitsExecutable()
    let module = try EditedModule.make("server")
    defer { try? FileManager.default.removeItem(atPath: module.project) }
    let interfaces = (0..<50).flatMap { ["--dependency-interface", "\(module.project)/.implicits/interfaces/M\($0).implicitinterface"] }
    let analyzeOne = ["analyze", "--module", "M50"] + interfaces + [module.edited]
    let buildArguments = ["build", "--manifest", module.manifest, "--quiet"]
    let stop = { _ = try? timedRun(executable, ["build-server", "--stop"]) }
    stop()
    defer { stop() }

    let edits = Int(ProcessInfo.processInfo.environment["BUILD_EDITS"] ?? "") ?? 40
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func p90(_ values: [Double]) -> Double { values.sorted()[values.count * 9 / 10] }
    // The server's first build (it starts, and analyzes the module from
    // its files) is not an edit's.
    try module.text(rewrite: 1).write(toFile: module.edited, atomically: true, encoding: .utf8)
    let first = try timedRun(executable, buildArguments + ["--server"])
    precondition(first.status == 0, "the first build failed")
    let serverProcess = try serverStatus(executable).process
    var memory: [(edits: Int, kilobytes: Int)] = [(0, processResidentKilobytes(serverProcess))]
    // Body edits: a statement rewritten, back and forth; the build
    // succeeds, the module's interface stays the same, its dependent is
    // up to date. Each against the analysis of the edited file alone.
    var analyzed: [Double] = []
    var served: [Double] = []
    for edit in 2...(edits + 1) {
      try module.text(rewrite: edit).write(toFile: module.edited, atomically: true, encoding: .utf8)
      let server = try timedRun(executable, buildArguments + ["--server"])
      precondition(server.status == 0, "rewrite \(edit): the server's build exited \(server.status)")
      served.append(server.seconds)
      if (edit - 1) % max(1, edits / 10) == 0 { memory.append((edit - 1, processResidentKilobytes(serverProcess))) }
      let one = try timedRun(executable, analyzeOne)
      // Alone, the file does not see what the module's other files declare
      // (unresolved symbols, status 1): the time is what counts.
      precondition(one.status <= 1, "rewrite \(edit): the analysis of the file exited \(one.status)")
      analyzed.append(one.seconds)
    }
    // The same edits built without the server (each build analyzes the
    // module from its files).
    var plain: [Double] = []
    for edit in 2...(min(edits, 40) / 4 + 1) {
      try module.text(rewrite: edit).write(toFile: module.edited, atomically: true, encoding: .utf8)
      let alone = try timedRun(executable, buildArguments)
      precondition(alone.status == 0, "rewrite \(edit): the build without the server exited \(alone.status)")
      plain.append(alone.seconds)
    }
    // Edits that take a provide away (the build fails with a diagnostic)
    // and give it back (it succeeds; the module's interface file is written
    // again, and its dependent M51, not run after the failure, analyzed).
    var failing: [Double] = []
    var fixing: [Double] = []
    for edit in 1...(min(edits, 40) / 2) {
      try module.text(edit: edit).write(toFile: module.edited, atomically: true, encoding: .utf8)
      let server = try timedRun(executable, buildArguments + ["--server"])
      precondition(server.status == (edit % 2 == 1 ? 1 : 0), "edit \(edit): the server's build exited \(server.status)")
      if edit % 2 == 1 { failing.append(server.seconds) } else { fixing.append(server.seconds) }
    }
    let kept = try serverStatus(executable).text
    let half = memory.first { $0.edits >= edits / 2 } ?? memory.last!
    let growth = Double(memory.last!.kilobytes) / Double(half.kilobytes)
    let ratio = median(served) / median(analyzed)
    benchmark.measurement(.custom("server build ÷ analyze of the file ×100", useScalingFactor: false), Int((ratio * 100).rounded()))
    benchmark.measurement(.custom("server memory last ÷ half-way ×1000", useScalingFactor: false), Int((growth * 1000).rounded()))
    print("""

      Build server (implicits build --server), module M50: \(module.files.count) files, \(module.lines) lines, 50 upstream interfaces:
        \(edits) body edits (a statement rewritten; the build succeeds, nothing else is analyzed):
          implicits analyze of the edited file alone      median \(f(median(analyzed) * 1000, 1)) ms   p90 \(f(p90(analyzed) * 1000, 1)) ms
          implicits build --server after the edit          median \(f(median(served) * 1000, 1)) ms   p90 \(f(p90(served) * 1000, 1)) ms
          implicits build without the server (\(plain.count) edits)   median \(f(median(plain) * 1000, 1)) ms
          target: build --server ≤ 2 × analyze of the file   \(f(ratio, 2))×   \(verdict(ratio <= 2))
        \(min(edits, 40) / 2) edits of a provide, through the server:
          taken away (the build fails, 1 diagnostic)     median \(f(median(failing) * 1000, 1)) ms
          given back (M50 and its dependent M51 analyzed)   median \(f(median(fixing) * 1000, 1)) ms
        the server: \(kept.split(separator: "\n").last ?? "")
        its resident memory during the body edits:
      \(memory.map { "    after \($0.edits) edits: \(f(Double($0.kilobytes) / 1024, 1)) MB" }.joined(separator: "\n"))
        last ÷ half-way: \(f(growth, 3))×   flat over the second half (≤ 1.01×): \(verdict(growth <= 1.01))

      """)
  }
}

/// What `implicits build-server --status` says, and the process it names.
func serverStatus(_ executable: String) throws -> (text: String, process: Int32) {
  let process = Process()
  let pipe = Pipe()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = ["build-server", "--status"]
  process.standardOutput = pipe
  try process.run()
  let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  // "build server: process 4242, socket …"
  let pid = text.split(separator: ",").first?.split(separator: " ").last.flatMap { Int32($0) } ?? 0
  return (text, pid)
}

/// The resident memory of process `pid` (0 when it cannot be read).
func processResidentKilobytes(_ pid: Int32) -> Int {
  let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
  let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
  return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
