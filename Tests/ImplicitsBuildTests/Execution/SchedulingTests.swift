import Foundation
import ImplicitsTestSupport
import Testing

/// The order of starts through the command line: the longest path first,
/// by source size and then by recorded seconds; the job count's checks.
/// (How many run at once is the scheduler's, tested in SchedulerTests
/// without the clock.)
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

  /// A chain of three modules beside four independent ones of the same
  /// size: the chain's head has the longest path to the end, so one worker
  /// starts it first, though the manifest lists it last. Later builds go by
  /// the seconds each module's last analysis took (in the build database),
  /// not by the size of its sources.
  @Test func theLongestPathStartsFirst() throws {
    let project = try TemporaryDirectory()
    var manifest = "version: 1\nmodules:\n"
    let names = ["Short0", "Short1", "Short2", "Short3", "Chain0", "Chain1", "Chain2"]
    for name in names {
      let dependency = name.hasPrefix("Chain") && name != "Chain0" ? "Chain\(Int(String(name.last!))! - 1)" : nil
      manifest += "  - name: \(name)\n    sources: [\(name)]\n" + (dependency.map { "    dependencies: [\($0)]\n" } ?? "")
      try project.write("import Implicits\npublic func work\(name)() {}\n", to: "\(name)/\(name).swift")
    }
    try project.write(manifest, to: "implicits.yaml")
    func firstStarted() throws -> String? {
      let result = try CommandLineTool.run(["build", "-j", "1", "--build-report", "report.json"], in: project.path)
      #expect(result.status == 0, "\(result.output)\(result.errors)")
      let report = try Report.read(project.path + "/report.json")
      return report.modules.filter { $0.status == "analyzed" }.min { $0.started < $1.started }?.name
    }
    #expect(try firstStarted() == "Chain0")

    // Short2 grows and takes long to analyze; then it shrinks back, and
    // every module changes: by size the chain would go first, by the
    // recorded seconds Short2 does.
    let large = (0..<3_000).map { "public func step\($0)(_ value: Int) -> Int { let doubled = value * 2; return doubled + \($0) }" }
    try project.write("import Implicits\npublic func workShort2() {}\n" + large.joined(separator: "\n"), to: "Short2/Short2.swift")
    #expect(try firstStarted() == "Short2")
    for name in names {
      try project.write("import Implicits\npublic func work\(name)() {}\n// changed\n", to: "\(name)/\(name).swift")
    }
    #expect(try firstStarted() == "Short2")
  }

  @Test func invalidJobCount() throws {
    let project = try wideProject()
    // 0 means the number of cores; a negative count is refused.
    let result = try CommandLineTool.run(["build", "--jobs=-2"], in: project.path)
    #expect(result.status == 2)
    #expect(result.errors.contains("-j takes a number of parallel analyses, 1 or more (0: the number of cores)"))
  }
}
