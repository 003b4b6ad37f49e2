import Foundation
import Testing

/// Every fixture under Fixtures/ produces exactly the diagnostics and notes
/// it is annotated with, at their lines and columns.
@Suite struct FixtureTests {
  @Test(arguments: FixtureRunner.all())
  func fixture(_ name: String) throws {
    let outcome = try FixtureRunner.run(name)
    if !outcome.passed {
      Issue.record("\(name)\n\(outcome.report)")
    }
  }

  /// The runner reads the column, the line offset, several expectations on
  /// one line and a message with `}}` in it, and refuses an expectation
  /// without a column rather than skipping its check.
  @Test func expectationsAreReadWithTheirColumns() {
    let text = """
      f() // expected-error:3 {{a {{b}} c}} expected-note@+1:7 {{d}}}
      // expected-warning@-1:1 {{e}}
      g() // expected-error {{no column}}
      h() // expected-note@+1 {{no column either}} expected-error:x {{bad}}
      """
    let parsed = FixtureRunner.parse(text, file: "F.swift")
    #expect(
      parsed.expectations.map(\.description) == [
        "F.swift:1:3: error: a {{b}} c", "F.swift:2:7: note: d}", "F.swift:1:1: warning: e",
      ])
    #expect(parsed.malformed.count == 3)
    #expect(parsed.malformed.first?.hasPrefix("F.swift:3: no column: add the column the analyzer reports") == true)
    #expect(parsed.malformed.dropFirst().first?.contains("'expected-note@+1:COL {{…}}'") == true)
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
