import Foundation
import ImplicitsToolSupport
@testable import ImplicitsBuild
import ImplicitsTestSupport
import Testing

/// Interrupting a build (Ctrl-C, kill) never leaves a state that a later
/// build trusts wrongly: the next build finishes the job, and its outputs
/// equal those of an uninterrupted build.
@Suite(.serialized) struct InterruptionTests {
  static let generator = ProjectGenerator(modules: 30, totalLines: 30_000, fanIn: 3, filesPerModule: 4)

  func interfaces(_ project: TemporaryDirectory) throws -> [String: Data] {
    let directory = project.path + "/.implicits/interfaces"
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      result[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
    }
    return result
  }

  /// Modules analyzed so far: each writes its call chains just before
  /// its record goes into the build database.
  func analyzedCount(_ project: TemporaryDirectory) -> Int {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: project.path + "/.implicits/state")) ?? []
    return files.filter { $0.hasSuffix(".chains.json") }.count
  }

  /// The build is interrupted while its worker analyzes a module of the
  /// third layer (paused there, `IMPLICITS_TEST_PAUSE_IN_MODULE`): the
  /// modules below it are done, that one and those above it cannot be.
  func check(signal: Int32) throws {
    let reference = try TemporaryDirectory()
    try Self.generator.write(to: reference.path)
    #expect(try CommandLineTool.run(["build", "-j", "1"], in: reference.path).status == 0)

    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    let pause = project.path + "/worker-paused"
    let paused = Self.generator.moduleNames[2 * Self.generator.layerWidth]
    let process = try CommandLineTool.start(
      ["build", "-j", "1"], in: project.path,
      environment: ["IMPLICITS_TEST_PAUSE_IN_MODULE": paused, "IMPLICITS_TEST_PAUSE_FILE": pause])
    defer { try? FileManager.default.removeItem(atPath: pause) }
    ProcessTable.waitUntil { (try? String(contentsOfFile: pause, encoding: .utf8)).flatMap { pid_t($0) } != nil }
    let worker = try #require(
      (try? String(contentsOfFile: pause, encoding: .utf8)).flatMap { pid_t($0) }, "no worker paused in \(paused)")
    defer { kill(worker, SIGKILL) }
    var below = Set<String>()
    var pending = Self.generator.dependencies()[paused] ?? []
    while let module = pending.popLast() {
      if below.insert(module).inserted { pending += Self.generator.dependencies()[module] ?? [] }
    }
    #expect(below.count >= 3)
    #expect(analyzedCount(project) >= below.count, "the modules below \(paused) are not done")
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    if signal == SIGINT {
      #expect(process.terminationStatus == 130)
    }
    #expect(analyzedCount(project) < Self.generator.modules, "the build finished before it was interrupted")

    let again = try CommandLineTool.run(["build", "-j", "2", "--build-report", "report.json"], in: project.path)
    #expect(again.status == 0, "\(again.errors)")
    #expect(try interfaces(project) == (try interfaces(reference)))
    let last = try CommandLineTool.run(["build", "--build-report", "report.json"], in: project.path)
    #expect(last.status == 0)
    #expect(try Report.read(project.path + "/report.json").names("analyzed").isEmpty)
  }

  @Test func controlC() throws {
    try check(signal: SIGINT)
  }

  @Test func kill9() throws {
    try check(signal: SIGKILL)
  }

  /// kill -9 of the build's process alone (as a CI runner or an IDE
  /// stops a build), while its worker analyzes a module whose sources it
  /// has read (the worker waits there, `PauseForTesting`): the worker dies
  /// with the build, and even let go on it writes nothing; so the next
  /// build, after an edit that changes that module's interface, leaves the
  /// same bytes as a clean build of the edited project.
  @Test func killingTheBuildAloneLeavesNoWorkerToWriteLater() throws {
    #if os(Linux)
      let (project, reference) = (try TemporaryDirectory(), try TemporaryDirectory())
      for folder in [project, reference] {
        try folder.write("version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
        try folder.write(Self.reader(reading: ["Token"]), to: "Core/Core.swift")
      }
      let pause = project.path + "/worker-paused"
      let build = try CommandLineTool.start(
        ["build", "-j", "1"], in: project.path,
        environment: ["IMPLICITS_TEST_PAUSE_IN_MODULE": "Core", "IMPLICITS_TEST_PAUSE_FILE": pause])
      defer { try? FileManager.default.removeItem(atPath: pause) }
      ProcessTable.waitUntil { (try? String(contentsOfFile: pause, encoding: .utf8)).flatMap { pid_t($0) } != nil }
      let worker = try #require(
        (try? String(contentsOfFile: pause, encoding: .utf8)).flatMap { pid_t($0) }, "no worker paused in Core's analysis")
      defer { kill(worker, SIGKILL) }
      kill(build.processIdentifier, SIGKILL)
      build.waitUntilExit()
      #expect(ProcessTable.waitUntil(seconds: 30) { ProcessTable.hasEnded(worker) }, "the worker outlived its build")

      for folder in [project, reference] {
        try folder.write(Self.reader(reading: ["Token", "Clock"]), to: "Core/Core.swift")
        let built = try CommandLineTool.run(["build"], in: folder.path)
        #expect(built.status == 0, "\(built.errors)")
      }
      // A worker still there would now finish Core's old text and write it.
      try FileManager.default.removeItem(atPath: pause)
      ProcessTable.waitUntil(seconds: 60) { ProcessTable.hasEnded(worker) }
      for output in [".implicits/interfaces/Core.implicitinterface", ".implicits/support/Core.implicits.swift"] {
        let written = FileManager.default.contents(atPath: project.path + "/" + output)
        #expect(written != nil && written == FileManager.default.contents(atPath: reference.path + "/" + output), "\(output)")
      }
    #endif
  }

  /// A module whose public function reads `keys`.
  static func reader(reading keys: [String]) -> String {
    "import Implicits\n\n" + keys.map { "public struct \($0) {\n  public init() {}\n}\n\n" }.joined()
      + "public func work(_ scope: ImplicitScope) {\n"
      + keys.map { "  @Implicit var \($0.lowercased()): \($0)\n  _ = \($0.lowercased())\n" }.joined() + "}\n"
  }

  /// Ctrl-C typed on a pseudo-terminal while big modules are analyzed:
  /// the build says it stops and what it waits for, kills the running
  /// analyses and ends within a second with 130; the next build finishes
  /// the job, and the one after has nothing to do.
  @Test func ctrlCOnATerminalStopsWithinASecond() throws {
    let project = try TemporaryDirectory()
    try Self.slow.write(to: project.path)
    let run = try Self.pressCtrlC(1, in: project)
    #expect(run.status == 130, "\(run.output)")
    #expect(try #require(run.seconds) < 1.0, "\(run.output)")
    #expect(run.output.contains("implicits: interrupted: no module starts; stopped 1 running analysis ("), "\(run.output)")
    #expect(run.output.contains("Stopping: waiting for"), "\(run.output)")
    #expect(run.output.contains("Build interrupted"), "\(run.output)")
    let again = try CommandLineTool.run(["build", "--build-report", "report.json"], in: project.path)
    #expect(again.status == 0, "\(again.errors)")
    #expect(try Report.read(project.path + "/report.json").names("analyzed").count == Self.slow.modules)
    let last = try CommandLineTool.run(["build"], in: project.path)
    #expect(last.errors.contains("no work to do"), "\(last.errors)")
  }

  /// Ctrl-C twice, 50 ms apart: the build has ended by the second press
  /// (the first killed the analyses) or ends then, at once; either way
  /// within a second, and the build database stays usable.
  @Test func twoCtrlCsEndTheBuildAtOnce() throws {
    let project = try TemporaryDirectory()
    try Self.slow.write(to: project.path)
    let run = try Self.pressCtrlC(2, in: project)
    #expect(run.status == 130, "\(run.output)")
    #expect(try #require(run.seconds) < 1.0, "\(run.output)")
    #expect(
      run.output.contains("implicits: stopped at once (second interrupt)") || run.output.contains("Build interrupted"),
      "\(run.output)")
    let again = try CommandLineTool.run(["build"], in: project.path)
    #expect(again.status == 0, "\(again.errors)")
    #expect(try CommandLineTool.run(["build"], in: project.path).errors.contains("no work to do"))
  }

  /// The second interrupt does not wait for the first to finish stopping:
  /// it ends the process (here, the test's stand-in for `_exit(130)`).
  @Test func theSecondInterruptEndsAtOnce() {
    let interruption = BuildInterruption()
    let ended = LockedValue(0)
    interruption.exitAtOnce = { ended.withLock { $0 += 1 } }
    interruption.interrupt()
    #expect(interruption.wasInterrupted)
    #expect(ended.withLock { $0 } == 0)
    interruption.interrupt()
    #expect(ended.withLock { $0 } == 1)
  }

  /// Two modules whose analysis takes seconds in a debug build.
  static let slow = ProjectGenerator(modules: 2, totalLines: 16_000, fanIn: 1, filesPerModule: 2)

  struct TerminalRun: Decodable {
    var status: Int32
    var seconds: Double?
    var output: String
  }

  /// `implicits build -j 1` on a pseudo-terminal, Ctrl-C typed `presses`
  /// times while it analyzes its first module: once the worker came to
  /// its bodies and waits there (`IMPLICITS_TEST_PAUSE_IN_MODULE`), an
  /// event, not a time after it started.
  static func pressCtrlC(_ presses: Int, in project: TemporaryDirectory) throws -> TerminalRun {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scripts/press-ctrl-c.py")
    let pause = project.path + "/worker-paused"
    defer { try? FileManager.default.removeItem(atPath: pause) }
    let result = try CommandLineTool.run(
      executable: URL(fileURLWithPath: "/usr/bin/python3"),
      [script.path, String(presses), "file:" + pause, "0", CommandLineTool.executable.path, "build", "-j", "1"], in: project.path,
      environment: ["IMPLICITS_TEST_PAUSE_IN_MODULE": slow.moduleNames[0], "IMPLICITS_TEST_PAUSE_FILE": pause])
    return try JSONDecoder().decode(TerminalRun.self, from: Data(result.output.utf8))
  }
}
