import Foundation
import ImplicitsTestSupport
import Testing

/// The build report says where each analyzed module's time went (its
/// phases), adds them up for the build, and names the chain of dependent
/// modules that took longest: what no number of cores makes faster.
@Suite struct BuildReportTests {
  /// The analysis's own stages: what the worker's `seconds` covers.
  static let analysisPhases = ["sources", "parse", "declarations", "interfaces", "bodies", "requirements", "outputs"]
  static let buildPhases = ["planning", "handOff", "recording"]

  @Test func eachAnalyzedModuleSaysWhereItsTimeWent() throws {
    let project = try ShopProject.make()
    let result = try CommandLineTool.run(["build", "-j", "2", "--build-report", "report.json"], in: project.path)
    #expect(result.status == 0, "\(result.errors)")
    let report = try Report.read(project.path + "/report.json")
    #expect(report.names("analyzed") == ["Core", "Feature", "App"])
    var sums: [String: Double] = [:]
    for module in report.modules {
      let phases = try #require(module.phases, "\(module.name) has no phases")
      #expect(Set(phases.keys) == Set(Self.analysisPhases + Self.buildPhases))
      #expect(phases.values.allSatisfy { $0 >= 0 })
      #expect(phases["parse"]! > 0 && phases["bodies"]! > 0 && phases["recording"]! > 0)
      // The stages are parts of the module's analysis, measured inside it.
      let stages = Self.analysisPhases.reduce(0) { $0 + phases[$1]! }
      #expect(stages <= module.seconds + 1e-6, "\(module.name): stages \(stages) s in an analysis of \(module.seconds) s")
      for (name, value) in phases { sums[name, default: 0] += value }
    }
    for (name, sum) in sums { #expect(abs(report.phases[name]! - sum) < 1e-9, "\(name)") }
  }

  /// Core ← Feature ← App, App also on Core: every module is on the chain,
  /// which weighs what its modules took until their dependents could
  /// start (their interface written), less what the modules after the
  /// first may run beside the ones they depend on (reading and parsing
  /// their sources).
  @Test func theCriticalPathIsTheLongestChainOfDependentModules() throws {
    let project = try ShopProject.make()
    _ = try CommandLineTool.run(["build", "-j", "1", "--build-report", "report.json"], in: project.path)
    let report = try Report.read(project.path + "/report.json")
    #expect(report.criticalPath.modules == ["Core", "Feature", "App"])
    var expected = 0.0
    for (index, module) in report.modules.enumerated() {
      let handedOn = try #require(module.released, "\(module.name) handed no interface on")
      #expect(module.started <= handedOn && handedOn <= module.ended)
      let beside = index == 0 ? 0 : module.phases!["sources"]! + module.phases!["parse"]!
      expected += handedOn - module.started - beside
    }
    #expect(abs(report.criticalPath.seconds - expected) < 1e-9)
    #expect(report.criticalPath.seconds <= report.seconds)
  }

  /// A build with nothing to do: no phases, and a path of the modules'
  /// up-to-date checks.
  @Test func upToDateModulesHaveNoPhases() throws {
    let project = try ShopProject.make()
    _ = try CommandLineTool.run(["build", "-j", "1"], in: project.path)
    _ = try CommandLineTool.run(["build", "-j", "1", "--build-report", "report.json"], in: project.path)
    let report = try Report.read(project.path + "/report.json")
    #expect(report.names("up-to-date") == ["Core", "Feature", "App"])
    #expect(report.modules.allSatisfy { $0.phases == nil })
    #expect(report.phases.values.allSatisfy { $0 == 0 })
    #expect(report.criticalPath.modules.count == 3)
  }
}
