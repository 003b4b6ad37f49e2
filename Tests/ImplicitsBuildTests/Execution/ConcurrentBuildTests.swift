import Foundation
import ImplicitsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One build at a time per output directory: a second build waits for the
/// first and then finds the work done; a lock left by a killed process
/// never blocks; parallel builds never analyze a module twice.
@Suite(.serialized) struct ConcurrentBuildTests {
  static let generator = ProjectGenerator(modules: 12, totalLines: 6_000, fanIn: 2, filesPerModule: 2)

  /// Holds the lock of `directory` the way a build does, in this process.
  final class HeldLock {
    let descriptor: Int32

    init(_ directory: String, pid: Int32) throws {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      descriptor = open(directory + "/.lock", O_RDWR | O_CREAT, 0o644)
      guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw CocoaError(.fileLocking) }
      let text = Array("\(pid)\n".utf8)
      _ = ftruncate(descriptor, 0)
      _ = text.withUnsafeBufferPointer { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    func release() {
      flock(descriptor, LOCK_UN)
      close(descriptor)
    }
  }

  /// `implicits build --build-report report.json` started while the test
  /// holds the lock as process 4242: read until it says it waits (each
  /// read waits for what it writes next; an empty one is its end).
  final class WaitingBuild {
    let process = Process()
    let errors = Pipe()
    var said = ""
    private let watchdog: DispatchWorkItem

    init(in project: TemporaryDirectory) throws {
      process.executableURL = CommandLineTool.executable
      process.arguments = ["build", "--build-report", "report.json"]
      process.currentDirectoryURL = URL(fileURLWithPath: project.path)
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // A safety net: killed, it closes its pipe and the reads end.
      let pid = process.processIdentifier
      watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
      DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
      let message = "implicits: waiting for the build of process 4242 (output directory \(project.path)/.implicits)"
      while !said.contains(message), case let data = errors.fileHandleForReading.availableData, !data.isEmpty {
        said += String(decoding: data, as: UTF8.self)
      }
      #expect(said.contains(message), "\(said)")
    }

    /// Reads what it says until it ends, and how it ended.
    func finish() -> Int32 {
      said += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      watchdog.cancel()
      return process.terminationStatus
    }
  }

  @Test func aSecondBuildWaitsForTheFirstThenFindsTheWorkDone() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    #expect(try CommandLineTool.run(["build"], in: project.path).status == 0)

    let lock = try HeldLock(project.path + "/.implicits", pid: 4242)
    let lockFile = project.path + "/.implicits/.lock"
    let build = try WaitingBuild(in: project)
    // It does not finish while the lock is held (that it does not build
    // then at all, `aBuildInterruptedWhileItWaitsBuildsNothing` shows).
    #expect(build.process.isRunning)
    #expect(!project.exists("report.json"))
    lock.release()
    #expect(build.finish() == 0, "\(build.said)")
    // It took the lock once it was free (the kernel gives it no sooner)
    // and only then built: the lock file names it.
    #expect(try String(contentsOfFile: lockFile, encoding: .utf8) == "\(build.process.processIdentifier)\n")
    let report = try Report.read(project.path + "/report.json")
    #expect(report.names("analyzed").isEmpty)
    #expect(report.names("up-to-date").count == Self.generator.modules)
  }

  /// Ctrl-C after the build said it waits: it is still waiting then, not
  /// building (a build past the lock would say "Build interrupted" alone,
  /// or have ended with 0), so it builds nothing and leaves the lock file
  /// to its holder. No time decides it: whenever the signal arrives after
  /// the message, only a build in its wait answers so.
  @Test func aBuildInterruptedWhileItWaitsBuildsNothing() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    #expect(try CommandLineTool.run(["build"], in: project.path).status == 0)
    let database = try Data(contentsOf: URL(fileURLWithPath: project.path + "/.implicits/build.db"))

    let lock = try HeldLock(project.path + "/.implicits", pid: 4242)
    defer { lock.release() }
    let build = try WaitingBuild(in: project)
    kill(build.process.processIdentifier, SIGINT)
    #expect(build.finish() == 130, "\(build.said)")
    #expect(build.said.contains("Build interrupted while waiting for another build"), "\(build.said)")
    #expect(!project.exists("report.json"))
    #expect(try String(contentsOfFile: project.path + "/.implicits/.lock", encoding: .utf8) == "4242\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: project.path + "/.implicits/build.db")) == database)
  }

  /// The build is killed while its worker analyzes a module (paused
  /// there, `IMPLICITS_TEST_PAUSE_IN_MODULE`): it holds the lock then.
  @Test func aLockLeftByAKilledBuildNeverBlocks() throws {
    let project = try TemporaryDirectory()
    let generator = ProjectGenerator(modules: 30, totalLines: 30_000, fanIn: 3, filesPerModule: 4)
    try generator.write(to: project.path)
    let pause = project.path + "/worker-paused"
    let killed = try CommandLineTool.start(
      ["build", "-j", "1"], in: project.path,
      environment: ["IMPLICITS_TEST_PAUSE_IN_MODULE": generator.moduleNames[0], "IMPLICITS_TEST_PAUSE_FILE": pause])
    defer { try? FileManager.default.removeItem(atPath: pause) }
    ProcessTable.waitUntil { (try? String(contentsOfFile: pause, encoding: .utf8)).flatMap { pid_t($0) } != nil }
    let worker = try #require(
      (try? String(contentsOfFile: pause, encoding: .utf8)).flatMap { pid_t($0) }, "no worker paused in the analysis")
    defer { kill(worker, SIGKILL) }
    let lockFile = project.path + "/.implicits/.lock"
    #expect(try String(contentsOfFile: lockFile, encoding: .utf8) == "\(killed.processIdentifier)\n")
    kill(killed.processIdentifier, SIGKILL)
    killed.waitUntilExit()
    #expect(killed.terminationReason == .uncaughtSignal)
    #expect(try String(contentsOfFile: lockFile, encoding: .utf8) == "\(killed.processIdentifier)\n")
    let build = try CommandLineTool.run(["build"], in: project.path)
    #expect(build.status == 0, "\(build.errors)")
    #expect(!build.errors.contains("waiting"), "\(build.errors)")
    // The new build took the lock: its own process id replaced the other.
    #expect(try !String(contentsOfFile: lockFile, encoding: .utf8).contains("\(killed.processIdentifier)"))
  }

  @Test func parallelBuildsAnalyzeEachModuleOnce() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    let processes = try (0..<4).map { index -> Process in
      let process = Process()
      process.executableURL = CommandLineTool.executable
      process.arguments = ["build", "-j", "2", "--build-report", "report-\(index).json"]
      process.currentDirectoryURL = URL(fileURLWithPath: project.path)
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    var analyzed: [String] = []
    for index in 0..<4 {
      analyzed += try Report.read(project.path + "/report-\(index).json").modules.filter { $0.status == "analyzed" }
        .map(\.name)
    }
    #expect(analyzed.count == Self.generator.modules, "modules analyzed more than once: \(analyzed.sorted())")
    #expect(Set(analyzed).count == Self.generator.modules)
  }
}
