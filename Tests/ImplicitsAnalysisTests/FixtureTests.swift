import Foundation
import Testing

/// Every fixture under Fixtures/ produces exactly the diagnostics it is
/// annotated with.
@Suite struct FixtureTests {
  @Test(arguments: FixtureRunner.all())
  func fixture(_ name: String) throws {
    let outcome = try FixtureRunner.run(name)
    if !outcome.passed {
      Issue.record("\(name)\n\(outcome.report)")
    }
  }

  /// No fixture is left out: every `.swift` file under Fixtures/ (but the
  /// seed documents' module, which the robustness tests cut up) is in one
  /// of the fixtures the runner runs, and every fixture expects something
  /// or is a program that must analyze clean.
  @Test func everyFixtureFileIsRun() throws {
    let fixtures = FixtureRunner.all()
    #expect(!fixtures.isEmpty)
    let root = FixtureRunner.root.path
    let files = try #require(FileManager.default.subpathsOfDirectory(atPath: root) as [String]?)
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Seeds/") }
    for file in files {
      #expect(fixtures.contains { file == $0 || file.hasPrefix($0 + "/") }, "\(file) is in no fixture the runner runs")
    }
  }
}
