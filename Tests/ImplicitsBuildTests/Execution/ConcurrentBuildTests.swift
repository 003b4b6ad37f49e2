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

  @Test func aSecondBuildWaitsForTheFirstThenFindsTheWorkDone() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    #expect(try CommandLineTool.run(["build"], in: project.path).status == 0)

    let lock = try HeldLock(project.path + "/.implicits", pid: 4242)
    let process = Process()
    process.executableURL = CommandLineTool.executable
    process.arguments = ["build", "--build-report", "report.json"]
    process.currentDirectoryURL = URL(fileURLWithPath: project.path)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // It says whom it waits for, and does not finish while the lock is held.
    let message = "implicits: waiting for the build of process 4242 (output directory \(project.path)/.implicits)"
    var said = ""
    let deadline = Date().addingTimeInterval(30)
    while !said.contains(message), Date() < deadline {
      said += String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
    }
    #expect(said.contains(message), "\(said)")
    Thread.sleep(forTimeInterval: 0.3)
    #expect(process.isRunning)
    lock.release()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let report = try Report.read(project.path + "/report.json")
    #expect(report.names("analyzed").isEmpty)
    #expect(report.names("up-to-date").count == Self.generator.modules)
  }

  @Test func aLockLeftByAKilledBuildNeverBlocks() throws {
    let project = try TemporaryDirectory()
    try ProjectGenerator(modules: 30, totalLines: 30_000, fanIn: 3, filesPerModule: 4).write(to: project.path)
    // A build that holds the lock when it is killed -9.
    let killed = try CommandLineTool.start(["build", "-j", "1"], in: project.path)
    let lockFile = project.path + "/.implicits/.lock"
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, (try? String(contentsOfFile: lockFile, encoding: .utf8))?.contains("\(killed.processIdentifier)") != true {
      Thread.sleep(forTimeInterval: 0.005)
    }
    kill(killed.processIdentifier, SIGKILL)
    killed.waitUntilExit()
    #expect(try String(contentsOfFile: lockFile, encoding: .utf8).contains("\(killed.processIdentifier)"))
    let started = Date()
    let build = try CommandLineTool.run(["build"], in: project.path)
    #expect(build.status == 0, "\(build.errors)")
    #expect(!build.errors.contains("waiting"), "\(build.errors)")
    #expect(Date().timeIntervalSince(started) < 60)
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
