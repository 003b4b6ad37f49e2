import Foundation
import ImplicitsTestSupport
import Testing

/// Pipelining through the command line, on a chain where it happens: at
/// `-j 2` the second thread begins the next module of the chain while the
/// first analyzes the one below. The outputs are those of a build that
/// overlaps nothing (`-j 1`), byte for byte, and no module's analysis
/// starts before what it depends on handed its interface on. (When the
/// scheduler begins, finishes or drops a module is SchedulerTests', without
/// the clock.)
@Suite struct PipeliningTests {
  static let chain = ProjectGenerator.chainBesideShortOnes(chain: 8, short: 0, linesPerModule: 1_500)

  @Test func aPipelinedBuildWritesWhatASerialOneDoes() throws {
    let serial = try TemporaryDirectory()
    let pipelined = try TemporaryDirectory()
    for project in [serial, pipelined] { try Self.chain.write(to: project.path) }
    let serialRun = try CommandLineTool.run(["build", "-j", "1"], in: serial.path)
    #expect(serialRun.status == 0, "\(serialRun.errors)")
    let run = try CommandLineTool.run(["build", "-j", "2", "--build-report", "report.json"], in: pipelined.path)
    #expect(run.status == 0, "\(run.errors)")

    let report = try Report.read(pipelined.path + "/report.json")
    let dependencies = Self.chain.dependencies()
    #expect(report.modules.contains { $0.resumed != nil }, "no module began before the one below it was done")
    for module in report.modules {
      if let resumed = module.resumed { #expect(module.started <= resumed) }
      for dependency in dependencies[module.name] ?? [] {
        let below = try #require(report.module(dependency))
        let handedOn = try #require(below.released)
        #expect(handedOn <= (module.resumed ?? module.started), "\(module.name) analyzed before \(dependency) was done")
      }
    }

    func bytes(_ project: TemporaryDirectory, _ file: String) throws -> Data {
      try Data(contentsOf: URL(fileURLWithPath: project.path + "/.implicits/" + file))
    }
    for name in Self.chain.moduleNames {
      for file in ["interfaces/\(name).implicitinterface", "support/\(name).implicits.swift"] {
        #expect(try bytes(pipelined, file) == bytes(serial, file), "\(file) differs")
      }
      // The chains name the sources by their paths, which differ by the
      // project's folder.
      let chains = "state/\(name).chains.json"
      let expected = try serial.read(".implicits/" + chains)
        .replacingOccurrences(of: serial.path + "/", with: pipelined.path + "/")
      #expect(try pipelined.read(".implicits/" + chains) == expected, "\(chains) differs")
    }
    // And the next build finds every module up to date.
    let again = try CommandLineTool.run(["build", "-j", "2", "--build-report", "report.json"], in: pipelined.path)
    #expect(try Report.read(pipelined.path + "/report.json").names("up-to-date") == Set(Self.chain.moduleNames))
    #expect(again.status == 0)
  }
}
