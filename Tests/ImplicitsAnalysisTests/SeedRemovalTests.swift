import Foundation
import ImplicitsAnalysis
import ImplicitsInterface
import Testing

/// The seed documents' examples, put together as one module, analyze with
/// no diagnostic; removing any one provide from them produces an
/// `Unresolved requirement` error for that key at a root scope. Provides
/// that no code reads are marked `// unread` in the fixture; removing one
/// of those changes nothing.
@Suite struct SeedRemovalTests {
  static let directory = FixtureRunner.root.appendingPathComponent("Seeds/SeedModule")

  struct Provide: CustomStringConvertible, Sendable {
    var file: String
    /// 0-based line range of the statement.
    var lines: ClosedRange<Int>
    var key: String
    var unread: Bool
    var description: String { "\(file):\(lines.lowerBound + 1) (\(key))" }
  }

  static func sources() throws -> [String: [String]] {
    var files: [String: [String]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
      files[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        .components(separatedBy: "\n")
    }
    return files
  }

  /// Every provide statement: `@Implicit var x = v` (on one line or with
  /// the attribute on its own line) and `Implicit.map(…) { … }`.
  static func provides() throws -> [Provide] {
    var result: [Provide] = []
    for (file, lines) in try sources().sorted(by: { $0.key < $1.key }) {
      var index = 0
      while index < lines.count {
        let line = lines[index].trimmingCharacters(in: .whitespaces)
        let unread = lines[index].contains("// unread")
        if line.hasPrefix("Implicit.map(") {
          var depth = 0
          var end = index
          repeat {
            depth += lines[end].filter { $0 == "{" }.count - lines[end].filter { $0 == "}" }.count
            if depth == 0 { break }
            end += 1
          } while end < lines.count
          let target = line.components(separatedBy: "to: ").last?.components(separatedBy: ")").first ?? "?"
          result.append(Provide(file: file, lines: index...end, key: key(fromMapTarget: target), unread: unread))
          index = end + 1
          continue
        }
        if line.hasPrefix("@Implicit"), let providing = provideKey(line) {
          let declared = line.components(separatedBy: "// key: ").dropFirst().first
          result.append(Provide(file: file, lines: index...index, key: declared ?? providing, unread: unread))
        } else if line == "@Implicit" || line == "@Implicit()" || line.hasPrefix("@Implicit(\\."),
          index + 1 < lines.count, lines[index + 1].contains(" = "),
          let providing = provideKey(line + " " + lines[index + 1].trimmingCharacters(in: .whitespaces))
        {
          result.append(Provide(file: file, lines: index...(index + 1), key: providing, unread: lines[index + 1].contains("// unread")))
          index += 2
          continue
        }
        index += 1
      }
    }
    return result
  }

  /// The key a one-line provide declares, or nil when the line is a read.
  static func provideKey(_ line: String) -> String? {
    let line = line.components(separatedBy: " //").first!
    guard line.contains(" = ") else { return nil }
    if let range = line.range(of: #"@Implicit\(\\\.(\w+)\)"#, options: .regularExpression) {
      return "\\." + line[range].dropFirst("@Implicit(\\.".count).dropLast()
    }
    let afterVar = line.components(separatedBy: "var ").dropFirst().joined(separator: "var ")
    if let colon = afterVar.firstIndex(of: ":"), let equal = afterVar.range(of: " = "), colon < equal.lowerBound {
      return afterVar[afterVar.index(after: colon)..<equal.lowerBound].trimmingCharacters(in: .whitespaces)
    }
    let value = afterVar.components(separatedBy: " = ").dropFirst().joined(separator: " = ")
    return value.components(separatedBy: "(").first?.trimmingCharacters(in: .whitespaces)
  }

  static func key(fromMapTarget target: String) -> String {
    target.hasPrefix("\\.") ? target : String(target.dropLast(".self".count))
  }

  static func analyze(_ files: [String: [String]]) -> AnalysisResult {
    let sources = files.sorted { $0.key < $1.key }.map { name, lines in
      SourceInput(path: name, relativePath: name, contents: Array(lines.joined(separator: "\n").utf8))
    }
    return Analyzer.analyze(AnalysisRequest(moduleName: "Seeds", sources: sources))
  }

  @Test func seedModuleIsClean() throws {
    let result = Self.analyze(try Self.sources())
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
  }

  @Test func everyProvideIsFound() throws {
    let provides = try Self.provides()
    #expect(provides.count >= 20, "\(provides)")
    #expect(provides.contains { $0.key == "Wallet" })
    #expect(provides.contains { $0.key == "\\.apiClient" })
  }

  @Test(arguments: try SeedRemovalTests.provides())
  func removingAProvide(_ provide: Provide) throws {
    var files = try Self.sources()
    for line in provide.lines { files[provide.file]![line] = "" }
    let result = Self.analyze(files)
    let errors = result.diagnostics.filter { $0.severity == .error }
    if provide.unread {
      #expect(errors.isEmpty, "removing \(provide) should change nothing: \(errors)")
      return
    }
    let matching = errors.filter { error in
      error.message.hasPrefix("Unresolved requirement")
        && error.message.components(separatedBy: ": ").last!.components(separatedBy: ", ").contains(provide.key)
    }
    #expect(!matching.isEmpty, "removing \(provide) produced \(errors)")
    for error in matching {
      let line = files[error.location.file]![error.location.line - 1]
      #expect(
        line.contains("ImplicitScope()") || line.contains("withScope"),
        "the error for \(provide) is not at a root scope: \(error.location) `\(line)`")
      #expect(
        error.notes.last.map { $0.message.contains("'\(provide.key)' is required here") } == true,
        "the notes of \(error) do not end at a read")
    }
    #expect(errors.allSatisfy { $0.message.hasPrefix("Unresolved requirement") }, "\(errors)")
  }
}
