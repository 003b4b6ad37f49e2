import Foundation
import ImplicitsAnalysis
import Testing

/// Every rule identifier a diagnostic can carry is listed, with its
/// meaning, in the user guide, and the guide lists no other.
@Suite struct RuleDocumentationTests {
  static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/user-guide.md")

  @Test func everyRuleIsInTheUserGuide() throws {
    let text = try String(contentsOf: Self.guide, encoding: .utf8)
    let section = try #require(text.components(separatedBy: "### Rule identifiers").dropFirst().first)
      .components(separatedBy: "\n### ")[0]
    let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
    #expect(rows == DiagnosticRule.allCases.map { "| `\($0.rawValue)` | \($0.summary) |" })
    #expect(Set(DiagnosticRule.allCases.map(\.rawValue)).count == DiagnosticRule.allCases.count)
  }
}
