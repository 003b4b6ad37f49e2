import ImplicitsTestSupport
import Foundation
import Testing

/// The analyzer's fix-its, through the command line: a key path to another
/// module's stored named key comes with an edit that writes the key itself,
/// in the JSON and SARIF formats; applied as given, the warnings are gone.
@Suite struct FixItTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ImplicitsAnalysisTests/Fixtures/Keys/NamedKeysAcrossModules")

  /// Replaces each fix-it's range (1-based lines, UTF-8 columns, the end
  /// exclusive) in `text`, the last first.
  static func applying(_ fixIts: [[String: Any]], to text: String) -> String {
    var bytes = Array(text.utf8)
    var lineStarts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
    func offset(_ line: Int, _ column: Int) -> Int { lineStarts[line - 1] + column - 1 }
    let edits = fixIts.map { fix in
      (offset(fix["line"] as! Int, fix["column"] as! Int), offset(fix["endLine"] as! Int, fix["endColumn"] as! Int),
       fix["replacement"] as! String)
    }.sorted { $0.0 > $1.0 }
    for (start, end, replacement) in edits { bytes.replaceSubrange(start..<end, with: Array(replacement.utf8)) }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func crossModuleKeyPathsComeWithTheEditThatWritesTheKey() throws {
    let project = try TemporaryDirectory()
    for (module, file) in [("1-Core", "Core.swift"), ("2-App", "App.swift")] {
      try project.write(
        String(contentsOf: Self.fixture.appendingPathComponent("\(module)/\(file)"), encoding: .utf8), to: file)
    }
    let core = try CommandLineTool.run(
      ["analyze", "--module-name", "Core", "--emit-interface", "Core.implicitinterface", "Core.swift"], in: project.path)
    #expect(core.status == 0, "\(core.output)\(core.errors)")
    func appWarnings(_ format: String) throws -> CommandLineTool.Result {
      try CommandLineTool.run(
        ["analyze", "--module-name", "App", "--dependency-interface", "Core.implicitinterface", "--diagnostics-format", format,
         "App.swift"], in: project.path)
    }

    let json = try appWarnings("json")
    let diagnostics = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    let keyPaths = diagnostics.filter { $0["rule"] as? String == "cross-module-key-path" }
    #expect(keyPaths.count == 4, "\(json.output)")
    let fixIts = keyPaths.flatMap { $0["fixIts"] as? [[String: Any]] ?? [] }
    #expect(fixIts.count == keyPaths.count)
    #expect(fixIts.allSatisfy { $0["replacement"] as? String == "ImplicitsKeys.apiBaseURL" && $0["file"] as? String == "App.swift" })
    // Each range is the key path as written.
    let lines = try String(contentsOfFile: project.path + "/App.swift", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    for fix in fixIts {
      let line = Array(lines[(fix["line"] as! Int) - 1].utf8)
      #expect(fix["endLine"] as? Int == fix["line"] as? Int)
      let written = line[((fix["column"] as! Int) - 1)..<((fix["endColumn"] as! Int) - 1)]
      #expect(String(decoding: written, as: UTF8.self) == "\\.apiBaseURL")
    }

    let sarif = try appWarnings("sarif")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
    let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    let fixes = results.filter { $0["ruleId"] as? String == "cross-module-key-path" }.compactMap { $0["fixes"] as? [[String: Any]] }
    #expect(fixes.count == 4 && fixes.allSatisfy { $0.count == 1 }, "\(sarif.output)")
    #expect(sarif.output.contains("\"insertedContent\""))

    // Applied as given, the program has no such key path left, and the
    // analysis has nothing more to say about it.
    let text = try String(contentsOfFile: project.path + "/App.swift", encoding: .utf8)
    try project.write(Self.applying(fixIts, to: text), to: "App.swift")
    let fixed = try appWarnings("json")
    #expect(!fixed.output.contains("cross-module-key-path"), "\(fixed.output)")
    #expect(fixed.status == json.status)
  }
}
