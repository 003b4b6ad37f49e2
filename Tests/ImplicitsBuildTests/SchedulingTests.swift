import Foundation
import ImplicitsProjectGenerator
import Testing

/// Analyses run on -j workers: with two, independent modules overlap in
/// time; with one, none do.
@Suite struct SchedulingTests {
  /// Many independent modules over one base.
  func wideProject() throws -> TemporaryDirectory {
    let project = try TemporaryDirectory()
    var manifest = "version: 1\nmodules:\n  - name: Base\n    sources: [Base]\n"
    try project.write("import Implicits\npublic final class Clock { public init() {} }\n", to: "Base/Base.swift")
    let generator = ProjectGenerator(modules: 2, totalLines: 4_000, filesPerModule: 4)
    for index in 0..<8 {
      manifest += "  - name: Leaf\(index)\n    sources: [Leaf\(index)]\n    dependencies: [Base]\n"
      // Enough code that an analysis takes a measurable time.
      var text = "import Implicits\nimport Base\n\npublic func leaf\(index)(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n"
      for block in 0..<60 { text += generator.plainCode(index: index, file: 0, block: block) }
      try project.write(text, to: "Leaf\(index)/Leaf.swift")
    }
    try project.write(manifest, to: "implicits.yaml")
    return project
  }

  func overlaps(_ report: Report) -> Bool {
    let modules = report.modules.filter { $0.status == "analyzed" }
    for (index, first) in modules.enumerated() {
      for second in modules[(index + 1)...] {
        let start = max(first.started, second.started)
        let end = min(first.started + first.seconds, second.started + second.seconds)
        if end > start { return true }
      }
    }
    return false
  }

  @Test func twoWorkersRunModulesAtOnce() throws {
    let project = try wideProject()
    let result = try CommandLineTool.run(["build", "-j", "2", "--build-report", "report.json"], in: project.path)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(overlaps(try Report.read(project.path + "/report.json")))
  }

  @Test func oneWorkerRunsOneModuleAtATime() throws {
    let project = try wideProject()
    let result = try CommandLineTool.run(["build", "-j", "1", "--build-report", "report.json"], in: project.path)
    #expect(result.status == 0)
    #expect(!overlaps(try Report.read(project.path + "/report.json")))
  }

  @Test func invalidJobCount() throws {
    let project = try wideProject()
    let result = try CommandLineTool.run(["build", "-j", "0"], in: project.path)
    #expect(result.status == 2)
  }
}
