import Foundation
import ImplicitsAnalysis
import ImplicitsInterface

/// Runs the analyzer on fixtures: Swift files annotated with the
/// diagnostics they must produce.
///
///     @Implicit var x: Dep3 // expected-error {{Unresolved requirement: Dep3}}
///     // expected-error@+1 {{Unresolved requirement: Dep3}}
///     // expected-warning@-2 {{Unused bag: …}}
///     // expected-note@+3 {{'Dep3' is required here by 'f(_:)'}}
///
/// A fixture is one `.swift` file (a module of its own) or a directory of
/// them (one module); a directory whose subdirectories are named
/// `NN-Module` holds several modules, analyzed in that order, each with the
/// interfaces of the ones before. A line `// analyze: -D NAME` adds a
/// compilation condition; `// analyze: --enable-exporting` turns exporting
/// on for the module.
///
/// Errors and warnings must match exactly: every expected one produced,
/// nothing else produced. Notes are compared exactly for fixtures that
/// expect at least one note.
enum FixtureRunner {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  struct Expectation: Hashable, Comparable, CustomStringConvertible {
    var file: String
    var line: Int
    var severity: String
    var message: String

    static func < (lhs: Expectation, rhs: Expectation) -> Bool {
      (lhs.file, lhs.line, lhs.severity, lhs.message) < (rhs.file, rhs.line, rhs.severity, rhs.message)
    }

    var description: String { "\(file):\(line): \(severity): \(message)" }
  }

  struct Outcome {
    var missing: [Expectation]
    var unexpected: [Expectation]
    var results: [String: AnalysisResult]

    var passed: Bool { missing.isEmpty && unexpected.isEmpty }

    var report: String {
      var lines: [String] = []
      if !missing.isEmpty { lines += ["expected but not produced:"] + missing.map { "  \($0)" } }
      if !unexpected.isEmpty { lines += ["produced but not expected:"] + unexpected.map { "  \($0)" } }
      return lines.joined(separator: "\n")
    }
  }

  /// Every fixture, as a path relative to `root`.
  static func all() -> [String] {
    let manager = FileManager.default
    var fixtures: [String] = []
    for group in (try? manager.contentsOfDirectory(atPath: root.path))?.sorted() ?? [] {
      let groupURL = root.appendingPathComponent(group)
      for entry in (try? manager.contentsOfDirectory(atPath: groupURL.path))?.sorted() ?? [] {
        var isDirectory: ObjCBool = false
        _ = manager.fileExists(atPath: groupURL.appendingPathComponent(entry).path, isDirectory: &isDirectory)
        if isDirectory.boolValue || entry.hasSuffix(".swift") { fixtures.append(group + "/" + entry) }
      }
    }
    return fixtures
  }

  /// The modules of a fixture, in analysis order: (name, files).
  static func modules(of fixture: String) -> [(String, [URL])] {
    let url = root.appendingPathComponent(fixture)
    let manager = FileManager.default
    if fixture.hasSuffix(".swift") { return [("Fixture", [url])] }
    let entries = ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    let moduleDirectories = entries.filter { entry in
      var isDirectory: ObjCBool = false
      _ = manager.fileExists(atPath: url.appendingPathComponent(entry).path, isDirectory: &isDirectory)
      return isDirectory.boolValue && entry.range(of: #"^\d+-"#, options: .regularExpression) != nil
    }
    if moduleDirectories.isEmpty {
      return [("Fixture", entries.filter { $0.hasSuffix(".swift") }.map { url.appendingPathComponent($0) })]
    }
    return moduleDirectories.map { directory in
      let name = String(directory.drop(while: { $0 != "-" }).dropFirst())
      let files = ((try? manager.contentsOfDirectory(atPath: url.appendingPathComponent(directory).path)) ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted()
        .map { url.appendingPathComponent(directory).appendingPathComponent($0) }
      return (name, files)
    }
  }

  static func run(_ fixture: String) throws -> Outcome {
    var expected: [Expectation] = []
    var produced: [Expectation] = []
    var upstream: [any UpstreamInterface] = []
    var results: [String: AnalysisResult] = [:]
    var checkNotes = false
    for (module, files) in modules(of: fixture) {
      var sources: [SourceInput] = []
      var conditions: [String] = []
      var exporting = false
      for file in files {
        let text = try String(contentsOf: file, encoding: .utf8)
        let relative = String(file.path.dropFirst(root.path.count + 1))
        sources.append(SourceInput(path: relative, relativePath: relative, contents: Array(text.utf8)))
        let parsed = parse(text, file: relative)
        expected += parsed.expectations
        conditions += parsed.conditions
        exporting = exporting || parsed.exporting
        if parsed.expectations.contains(where: { $0.severity == "note" }) { checkNotes = true }
      }
      let result = Analyzer.analyze(
        AnalysisRequest(
          moduleName: module, sources: sources, conditions: conditions, upstream: upstream, enableExporting: exporting))
      results[module] = result
      for diagnostic in result.diagnostics {
        produced.append(
          Expectation(
            file: diagnostic.location.file, line: diagnostic.location.line, severity: diagnostic.severity.rawValue,
            message: diagnostic.message))
        for note in diagnostic.notes {
          produced.append(Expectation(file: note.location.file, line: note.location.line, severity: "note", message: note.message))
        }
      }
      upstream.append(InMemoryInterface(result.interface, fingerprint: Fingerprint(bytes: Array(repeating: 0, count: 32))))
    }
    if !checkNotes {
      produced.removeAll { $0.severity == "note" }
    }
    let expectedSet = Multiset(expected)
    let producedSet = Multiset(produced)
    return Outcome(
      missing: expectedSet.subtracting(producedSet).sorted(), unexpected: producedSet.subtracting(expectedSet).sorted(),
      results: results)
  }

  static func parseExpectations(_ text: String, file: String) -> (expectations: [Expectation], conditions: [String]) {
    let (expectations, conditions, _) = parse(text, file: file)
    return (expectations, conditions)
  }

  static func parse(_ text: String, file: String) -> (expectations: [Expectation], conditions: [String], exporting: Bool) {
    var exporting = false
    var expectations: [Expectation] = []
    var conditions: [String] = []
    let pattern = try! NSRegularExpression(pattern: #"expected-(error|warning|note)(@([+-]\d+))?\s*\{\{(.*?)\}\}"#)
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let lineNumber = index + 1
      if let range = line.range(of: "// analyze:") {
        let words = line[range.upperBound...].split(separator: " ").map(String.init)
        var iterator = words.makeIterator()
        while let word = iterator.next() {
          if word == "-D", let condition = iterator.next() { conditions.append(condition) }
          if word == "--enable-exporting" { exporting = true }
        }
      }
      let nsLine = line as NSString
      for match in pattern.matches(in: line, range: NSRange(location: 0, length: nsLine.length)) {
        let severity = nsLine.substring(with: match.range(at: 1))
        var target = lineNumber
        if match.range(at: 3).location != NSNotFound {
          target += Int(nsLine.substring(with: match.range(at: 3)))!
        }
        let message = nsLine.substring(with: match.range(at: 4))
        expectations.append(Expectation(file: file, line: target, severity: severity, message: message))
      }
    }
    return (expectations, conditions, exporting)
  }
}

/// Counts of equal elements, so that a diagnostic expected twice must be produced twice.
struct Multiset<Element: Hashable> {
  var counts: [Element: Int] = [:]

  init(_ elements: [Element]) {
    for element in elements { counts[element, default: 0] += 1 }
  }

  func subtracting(_ other: Multiset) -> [Element] {
    var result: [Element] = []
    for (element, count) in counts {
      let remaining = count - (other.counts[element] ?? 0)
      if remaining > 0 { result += Array(repeating: element, count: remaining) }
    }
    return result
  }
}
