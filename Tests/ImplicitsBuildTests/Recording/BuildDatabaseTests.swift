import Foundation
import ImplicitsTestSupport
import Testing

/// The build database (`<output-dir>/build.db`), through what a user sees:
/// a damaged or foreign file costs analyses, never a wrong verdict or a
/// crash, and the file does not grow without bound.
@Suite struct BuildDatabaseTests {
  static let generator = ProjectGenerator(modules: 6, totalLines: 1_200, fanIn: 2, filesPerModule: 2)

  func build(_ project: TemporaryDirectory) throws -> (CommandLineTool.Result, Report) {
    let result = try CommandLineTool.run(["build", "-j", "2", "--build-report", "report.json"], in: project.path)
    return (result, try Report.read(project.path + "/report.json"))
  }

  var databasePath: String { "/.implicits/build.db" }

  @Test func aRecordCutShortIsAnalyzedAgainAndTheFileRepaired() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    #expect(try build(project).0.status == 0)
    // One module analyzed again, then its new record (the file's last)
    // cut short, as a kill in the middle of its write would leave it.
    let last = Self.generator.moduleNames[2]
    try project.edit(
      "Modules/\(last)/Sources/\(last)Part1.swift", replacing: "case 1: return title.uppercased()",
      with: "case 1: return title.lowercased()")
    #expect(try build(project).1.names("analyzed") == [last])
    let path = project.path + databasePath
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let whole = bytes.count
    try bytes.prefix(whole - 40).write(to: URL(fileURLWithPath: path))

    let (again, report) = try build(project)
    #expect(again.status == 0, "\(again.errors)")
    #expect(report.names("analyzed") == [last])
    #expect(report.names("up-to-date").count == Self.generator.modules - 1)
    // Rewritten whole: the next build finds everything up to date.
    #expect(try build(project).1.names("analyzed").isEmpty)
  }

  @Test func aForeignFileMeansAnalyzingEverythingOnce() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    #expect(try build(project).0.status == 0)
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(
      to: URL(fileURLWithPath: project.path + databasePath))
    let (again, report) = try build(project)
    #expect(again.status == 0, "\(again.errors)")
    #expect(report.names("analyzed") == Set(Self.generator.moduleNames))
    #expect(try build(project).1.names("analyzed").isEmpty)
  }

  @Test func touchedFilesDoNotGrowTheFileWithoutBound() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    #expect(try build(project).0.status == 0)
    let path = project.path + databasePath
    let compact = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
    // Each touch changes every source's time, not its content: each build
    // appends a record per module with the new times.
    var largest = 0
    for round in 0..<20 {
      let stamp = Date(timeIntervalSince1970: 1_700_000_000 + Double(round))
      for name in Self.generator.moduleNames {
        let folder = project.path + "/Modules/\(name)/Sources"
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
          try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: folder + "/" + file)
        }
      }
      let (result, report) = try build(project)
      #expect(result.status == 0)
      #expect(report.names("analyzed").isEmpty, "touched, not changed")
      largest = max(largest, try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int)
    }
    // Compacted when old records outnumber live ones (2 × 6 + 64 records).
    #expect(largest > 2 * compact)
    #expect(largest < 20 * compact)
  }

  @Test func aDirectoryInItsPlaceStopsTheBuildWithAClearError() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    try FileManager.default.createDirectory(
      atPath: project.path + databasePath, withIntermediateDirectories: true)
    let result = try CommandLineTool.run(["build"], in: project.path)
    #expect(result.status == 2)
    #expect(result.errors.contains("error: cannot use the build database: cannot write '"), "\(result.errors)")
    #expect(result.errors.contains("build.db': Is a directory: remove what is at that path"), "\(result.errors)")
  }

  @Test func recordsOfEarlierVersionsAreRemoved() throws {
    let project = try TemporaryDirectory()
    try Self.generator.write(to: project.path)
    #expect(try build(project).0.status == 0)
    let first = Self.generator.moduleNames[0]
    try project.write("{}", to: ".implicits/state/\(first).json")
    try project.write("{\"seconds\": {}}", to: ".implicits/timings.json")
    let (again, report) = try build(project)
    #expect(again.status == 0)
    #expect(report.names("analyzed").isEmpty)
    #expect(!project.exists(".implicits/state/\(first).json"))
    #expect(!project.exists(".implicits/timings.json"))
    #expect(project.exists(".implicits/state/\(first).chains.json"))
  }
}
