import Foundation
import ImplicitsTestSupport
import Testing

/// A generated 40-module project: built in parallel, then again with
/// nothing to do, then after a body-only edit, then after a requirement
/// change upstream.
@Suite struct IncrementalBuildTests {
  static let generator = ProjectGenerator(modules: 40, totalLines: 8_000, fanIn: 3, filesPerModule: 3)

  func build(_ project: TemporaryDirectory, _ extra: [String] = []) throws -> (CommandLineTool.Result, Report) {
    let result = try CommandLineTool.run(
      ["build", "-j", "2", "--build-report", "report.json"] + extra, in: project.path)
    return (result, try Report.read(project.path + "/report.json"))
  }

  @Test func fortyModules() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    let names = Self.generator.moduleNames
    let dependencies = Self.generator.dependencies()

    // Cold: everything analyzed, each module's analysis after what it
    // depends on handed its interface on (a module begun before may have
    // parsed its sources), nothing to report.
    let (cold, coldReport) = try build(project)
    #expect(cold.status == 0, "\(cold.errors)")
    #expect(cold.output.isEmpty)
    #expect(coldReport.names("analyzed") == Set(names))
    for module in coldReport.modules {
      for dependency in dependencies[module.name] ?? [] {
        let upstream = try #require(coldReport.module(dependency))
        let handedOn = try #require(upstream.released, "\(dependency) handed no interface on")
        #expect(handedOn <= upstream.ended)
        #expect(handedOn <= (module.resumed ?? module.started), "\(module.name) analyzed before \(dependency) was done")
      }
    }
    #expect(cold.errors.contains("[40/40]"))
    #expect(cold.errors.contains("Build succeeded: 40 analyzed"))
    for name in names {
      #expect(project.exists(".implicits/interfaces/\(name).implicitinterface"))
      #expect(project.exists(".implicits/support/\(name).implicits.swift"))
    }

    // No-op: nothing analyzed, outputs untouched.
    let interfaceDate = try modificationDate(project.path + "/.implicits/interfaces/M3.implicitinterface")
    let (noop, noopReport) = try build(project, ["--explain"])
    #expect(noop.status == 0)
    #expect(noopReport.names("up-to-date") == Set(names))
    #expect(try modificationDate(project.path + "/.implicits/interfaces/M3.implicitinterface") == interfaceDate)
    #expect(noop.errors.contains("M3: up-to-date: sources, options and upstream interfaces unchanged"))

    // A body-only edit: exactly the edited module.
    try project.edit(
      "Modules/M10/Sources/M10Part1.swift", replacing: "case 1: return title.uppercased()",
      with: "case 1: return title.lowercased()")
    let (body, bodyReport) = try build(project, ["--explain"])
    #expect(body.status == 0)
    #expect(bodyReport.names("analyzed") == ["M10"])
    #expect(body.errors.contains("M10: analyzed: sources changed: Modules/M10/Sources/M10Part1.swift"))

    // A requirement change: M5's entry no longer requires its flag. The
    // modules that import M5 can observe it and are analyzed again; those
    // that do not depend on M5 are not.
    try project.edit(
      "Modules/M5/Sources/M5Entry.swift", replacing: "@Implicit(\\.flag5) var flag: Bool", with: "let flag = true")
    let direct = Set(names.filter { dependencies[$0]?.contains("M5") == true })
    let (change, changeReport) = try build(project, ["--explain"])
    #expect(change.status == 0, "\(change.output)")
    let analyzed = changeReport.names("analyzed")
    #expect(analyzed.contains("M5"))
    #expect(direct.isSubset(of: analyzed), "direct dependents of M5 not analyzed: \(direct.subtracting(analyzed))")
    let independent = Set(names.filter { !dependsOn($0, "M5", dependencies) && $0 != "M5" })
    #expect(analyzed.isDisjoint(with: independent), "analyzed without cause: \(analyzed.intersection(independent))")
    #expect(change.errors.contains("the interface of 'M5' changed"))
  }

  /// A re-analysis that leaves the interface as it was does not touch the
  /// dependents (early cutoff).
  @Test func earlyCutoff() throws {
    let project = try TemporaryDirectory()
    try ProjectGenerator(modules: 6, totalLines: 600, fanIn: 2, filesPerModule: 2).write(to: project.path)
    _ = try build(project)
    // A change to code that reads the same keys: M0 is analyzed, its interface stays.
    try project.edit(
      "Modules/M0/Sources/M0Part0.swift", replacing: "_ = values.reduce(0, &+)", with: "_ = values.reduce(1, &*)")
    let before = try Data(contentsOf: URL(fileURLWithPath: project.path + "/.implicits/interfaces/M0.implicitinterface"))
    let (result, report) = try build(project)
    #expect(result.status == 0)
    #expect(report.names("analyzed") == ["M0"])
    let after = try Data(contentsOf: URL(fileURLWithPath: project.path + "/.implicits/interfaces/M0.implicitinterface"))
    #expect(before == after)
  }

  @Test func onlyTheNamedModulesAndTheirDependencies() throws {
    let project = try TemporaryDirectory()
    let generator = ProjectGenerator(modules: 8, totalLines: 800, fanIn: 2, filesPerModule: 2)
    try generator.write(to: project.path)
    let (result, report) = try build(project, ["M3"])
    #expect(result.status == 0)
    var expected: Set<String> = ["M3"]
    var pending = ["M3"]
    let dependencies = generator.dependencies()
    while let next = pending.popLast() {
      for dependency in dependencies[next] ?? [] where expected.insert(dependency).inserted { pending.append(dependency) }
    }
    #expect(Set(report.modules.map(\.name)) == expected)
  }

  @Test func outputsThatWereTamperedWithAreWrittenAgain() throws {
    let project = try TemporaryDirectory()
    try ProjectGenerator(modules: 4, totalLines: 400, fanIn: 2, filesPerModule: 2).write(to: project.path)
    _ = try build(project)
    try FileManager.default.removeItem(atPath: project.path + "/.implicits/support/M1.implicits.swift")
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: project.path + "/.implicits/interfaces/M2.implicitinterface"))
    let (result, report) = try build(project, ["--explain"])
    #expect(result.status == 0)
    #expect(report.names("analyzed").isSuperset(of: ["M1", "M2"]))
    #expect(project.exists(".implicits/support/M1.implicits.swift"))
    #expect(result.errors.contains("M1: analyzed: its support file is missing or was modified"))
  }

  func modificationDate(_ path: String) throws -> Date {
    try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
  }

  func dependsOn(_ module: String, _ target: String, _ dependencies: [String: [String]]) -> Bool {
    var seen = Set<String>()
    var pending = dependencies[module] ?? []
    while let next = pending.popLast() {
      if next == target { return true }
      if seen.insert(next).inserted { pending += dependencies[next] ?? [] }
    }
    return false
  }
}
