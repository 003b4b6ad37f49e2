import Foundation
import ImplicitsProjectGenerator
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

  func waitForAnalyses(_ project: TemporaryDirectory, atLeast count: Int) {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if analyzedCount(project) >= count { return }
      Thread.sleep(forTimeInterval: 0.005)
    }
  }

  func check(signal: Int32) throws {
    let reference = try TemporaryDirectory()
    try Self.generator.write(to: reference.path)
    #expect(try CommandLineTool.run(["build", "-j", "1"], in: reference.path).status == 0)

    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    let process = try CommandLineTool.start(["build", "-j", "1"], in: project.path)
    waitForAnalyses(project, atLeast: 3)
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
}
