import Foundation
import ImplicitsTestSupport
import Testing

/// An unresolved requirement fails its module with a compiler-style
/// diagnostic; the modules that depend on it do not run.
@Suite struct FailureTests {
  /// Two branches over a common root: Left <- LeftTop, Right <- RightTop,
  /// and App over both tops.
  static let manifest = """
    version: 1
    modules:
      - name: Base
        sources: [Base]
      - name: Left
        sources: [Left]
        dependencies: [Base]
      - name: Right
        sources: [Right]
        dependencies: [Base]
      - name: LeftTop
        sources: [LeftTop]
        dependencies: [Left]
      - name: RightTop
        sources: [RightTop]
        dependencies: [Right]
      - name: App
        sources: [App]
        dependencies: [LeftTop, RightTop]
    """

  static func module(_ name: String, importing: [String], body: String) -> String {
    (["Implicits"] + importing).map { "import \($0)" }.joined(separator: "\n") + "\n\n" + body
  }

  func makeProject(brokenLeft: Bool) throws -> TemporaryDirectory {
    let project = try TemporaryDirectory()
    try project.write(Self.manifest, to: "implicits.yaml")
    try project.write(
      Self.module("Base", importing: [], body: "public final class Clock {\n  public init() {}\n}\n"), to: "Base/Base.swift")
    let leftBody = brokenLeft
      ? "public func left() {\n  let scope = ImplicitScope()\n  defer { scope.end() }\n  tick(scope)\n}\n\nfunc tick(_: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n"
      : "public func left(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n"
    try project.write(Self.module("Left", importing: ["Base"], body: leftBody), to: "Left/Left.swift")
    try project.write(
      Self.module("Right", importing: ["Base"], body: "public func right(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n"),
      to: "Right/Right.swift")
    try project.write(Self.module("LeftTop", importing: ["Left"], body: "public func top() {}\n"), to: "LeftTop/LeftTop.swift")
    try project.write(
      Self.module("RightTop", importing: ["Right", "Base"], body: "public func top(_ scope: ImplicitScope) {\n  right(scope)\n}\n"),
      to: "RightTop/RightTop.swift")
    try project.write(Self.module("App", importing: ["LeftTop", "RightTop"], body: "func main() {}\n"), to: "App/App.swift")
    return project
  }

  @Test func failureStopsTheModulesThatDependOnIt() throws {
    let project = try makeProject(brokenLeft: true)
    let result = try CommandLineTool.run(["build", "-j", "1", "--build-report", "report.json"], in: project.path)
    #expect(result.status == 1)
    #expect(result.output.contains("Left/Left.swift:5:3: error: Unresolved requirement: Clock"), "\(result.output)")
    #expect(result.output.contains("Left/Left.swift:7:3: note: 'tick(_:)' requires 'Clock', called here"))
    let report = try Report.read(project.path + "/report.json")
    #expect(report.succeeded == false)
    #expect(report.module("Left")?.status == "failed")
    #expect(report.module("LeftTop")?.status == "not-run")
    #expect(report.module("App")?.status == "not-run")
    #expect(report.module("Base")?.status == "analyzed")
    #expect(result.errors.contains("Build failed"))
    #expect(!project.exists(".implicits/interfaces/Left.implicitinterface"))
  }

  @Test func withoutKeepGoingNoNewModuleStarts() throws {
    let project = try makeProject(brokenLeft: true)
    _ = try CommandLineTool.run(["build", "-j", "1", "--build-report", "report.json"], in: project.path)
    let report = try Report.read(project.path + "/report.json")
    // -j 1 in manifest order: Base, Left (fails), then nothing else starts.
    #expect(report.names("analyzed") == ["Base"])
    #expect(report.names("not-run") == ["Right", "LeftTop", "RightTop", "App"])
  }

  @Test func keepGoingAnalyzesWhatDoesNotDependOnTheFailure() throws {
    let project = try makeProject(brokenLeft: true)
    let result = try CommandLineTool.run(
      ["build", "-j", "1", "--keep-going", "--build-report", "report.json"], in: project.path)
    #expect(result.status == 1)
    let report = try Report.read(project.path + "/report.json")
    #expect(report.names("analyzed") == ["Base", "Right", "RightTop"])
    #expect(report.names("failed") == ["Left"])
    #expect(report.names("not-run") == ["LeftTop", "App"])
  }

  @Test func jsonDiagnostics() throws {
    let project = try makeProject(brokenLeft: true)
    let result = try CommandLineTool.run(["build", "--diagnostics-format", "json"], in: project.path)
    #expect(result.status == 1)
    let array = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
    let first = try #require(array?.first)
    #expect(first["message"] as? String == "Unresolved requirement: Clock")
    #expect(first["severity"] as? String == "error")
    #expect(first["line"] as? Int == 5)
    #expect((first["notes"] as? [Any])?.count == 2)
  }

  @Test func fixingTheModuleBuildsTheRest() throws {
    let project = try makeProject(brokenLeft: true)
    _ = try CommandLineTool.run(["build"], in: project.path)
    let fixed = try makeProject(brokenLeft: false)
    try FileManager.default.removeItem(atPath: project.path + "/Left/Left.swift")
    try FileManager.default.copyItem(atPath: fixed.path + "/Left/Left.swift", toPath: project.path + "/Left/Left.swift")
    let result = try CommandLineTool.run(["build", "--build-report", "report.json"], in: project.path)
    #expect(result.status == 0, "\(result.output)")
    let report = try Report.read(project.path + "/report.json")
    #expect(report.names("analyzed").isSuperset(of: ["Left", "LeftTop", "App"]))
  }
}
