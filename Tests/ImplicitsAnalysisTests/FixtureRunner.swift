import Foundation
import ImplicitsAnalysis
import ImplicitsInterface
import ImplicitsTestSupport

/// Runs the analyzer on fixtures: Swift files annotated with the
/// diagnostics they must produce, each at its line and column.
///
///     @Implicit var x: Dep3 // expected-error:3 {{Unresolved requirement: Dep3}}
///     // expected-error@+1:5 {{Unresolved requirement: Dep3}}
///     // expected-warning@-2:7 {{Unused bag: …}}
///     // expected-note@+3:3 {{'Dep3' is required here by 'f(_:)'}}
///
/// `expected-SEVERITY` (`error`, `warning` or `note`) is followed by an
/// optional line offset `@+N` / `@-N` (without it, the comment's own line),
/// then `:COL`, the 1-based column (in UTF-8 bytes, as the analyzer counts),
/// then the whole message between `{{` and `}}`. The column is required: an
/// expectation without one, or any other `expected-SEVERITY` the runner
/// cannot read, fails the fixture. A message that itself contains `}}`
/// ends at the last `}}` before the next `expected-` on the line, or at the
/// line's last `}}`.
///
/// A fixture is one `.swift` file (a module of its own) or a directory of
/// them (one module); a directory whose subdirectories are named
/// `NN-Module` holds several modules, analyzed in that order. As in a
/// build, each module's interface is written to
/// `<temporary directory>/<Module>.implicitinterface` and the modules after
/// it load those files with `InterfaceLoading.load`, as
/// `implicits analyze --dependency-interface` does (unlike a build, the
/// interface is written even when the module has errors, so that a fixture
/// can show what a downstream module makes of it). A line
/// `// analyze: -D NAME` adds a compilation condition;
/// `// analyze: --enable-exporting` turns exporting on for the module.
///
/// Everything is compared exactly, notes included: every expected
/// diagnostic and note produced (same file, line, column, severity and
/// message), and nothing else produced.
enum FixtureRunner {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  struct Expectation: Hashable, Comparable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var message: String

    static func < (lhs: Expectation, rhs: Expectation) -> Bool {
      (lhs.file, lhs.line, lhs.column, lhs.severity, lhs.message)
        < (rhs.file, rhs.line, rhs.column, rhs.severity, rhs.message)
    }

    var description: String { "\(file):\(line):\(column): \(severity): \(message)" }
  }

  struct Outcome {
    var missing: [Expectation]
    var unexpected: [Expectation]
    /// Expectation comments the runner could not read (a missing column, …).
    var malformed: [String]
    var results: [String: AnalysisResult]

    var passed: Bool { missing.isEmpty && unexpected.isEmpty && malformed.isEmpty }

    var report: String {
      var lines: [String] = []
      if !malformed.isEmpty { lines += ["unreadable expectations:"] + malformed.map { "  \($0)" } }
      if !missing.isEmpty { lines += ["expected but not produced:"] + missing.map { "  \($0)" } }
      if !unexpected.isEmpty { lines += ["produced but not expected:"] + unexpected.map { "  \($0)" } }
      return lines.joined(separator: "\n")
    }
  }

  /// Every fixture, as a path relative to `root`.
  static func all() -> [String] { FixtureLayout(root: root).all() }

  /// The modules of a fixture, in analysis order: (name, files).
  static func modules(of fixture: String) -> [(String, [URL])] { FixtureLayout(root: root).modules(of: fixture) }

  static func run(_ fixture: String) throws -> Outcome {
    var expected: [Expectation] = []
    var malformed: [String] = []
    var produced: [Expectation] = []
    var results: [String: AnalysisResult] = [:]
    // The interfaces of the modules analyzed so far, as files, as a build
    // hands them over.
    let interfaces = FileManager.default.temporaryDirectory
      .appendingPathComponent("implicits-fixture-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: interfaces, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: interfaces) }
    var interfacePaths: [String] = []
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
        malformed += parsed.malformed
        conditions += parsed.conditions
        exporting = exporting || parsed.exporting
      }
      let upstream = try InterfaceLoading.load(interfacePaths, for: module)
      let result = Analyzer.analyze(
        AnalysisRequest(
          moduleName: module, sources: sources, conditions: conditions, upstream: upstream, enableExporting: exporting))
      results[module] = result
      for diagnostic in result.diagnostics {
        produced.append(
          Expectation(
            file: diagnostic.location.file, line: diagnostic.location.line, column: diagnostic.location.column,
            severity: diagnostic.severity.rawValue, message: diagnostic.message))
        for note in diagnostic.notes {
          produced.append(
            Expectation(
              file: note.location.file, line: note.location.line, column: note.location.column, severity: "note",
              message: note.message))
        }
      }
      let interface = interfaces.appendingPathComponent("\(module).implicitinterface")
      try Data(result.encodedInterface.bytes).write(to: interface)
      interfacePaths.append(interface.path)
    }
    let expectedSet = Multiset(expected)
    let producedSet = Multiset(produced)
    return Outcome(
      missing: expectedSet.subtracting(producedSet).sorted(), unexpected: producedSet.subtracting(expectedSet).sorted(),
      malformed: malformed, results: results)
  }

  /// `expected-SEVERITY`, then `@±N`, `:COL` and `{{`, each checked apart so
  /// that a malformed expectation is told precisely.
  private static let markerPattern = try! NSRegularExpression(pattern: #"expected-(error|warning|note)\b"#)
  private static let headPattern = try! NSRegularExpression(pattern: #"(?:@([+-]\d+))?(?::(\d+))?\s*\{\{"#)

  static func parse(_ text: String, file: String) -> (
    expectations: [Expectation], malformed: [String], conditions: [String], exporting: Bool
  ) {
    var exporting = false
    var expectations: [Expectation] = []
    var malformed: [String] = []
    var conditions: [String] = []
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
      let markers = markerPattern.matches(in: line, range: NSRange(location: 0, length: nsLine.length))
      for (position, match) in markers.enumerated() {
        let severity = nsLine.substring(with: match.range(at: 1))
        let afterMarker = match.range.location + match.range.length
        // The message runs to the last `}}` before the next expectation.
        let end = position + 1 < markers.count ? markers[position + 1].range.location : nsLine.length
        let written = nsLine.substring(
          with: NSRange(location: match.range.location, length: end - match.range.location)
        ).trimmingCharacters(in: .whitespaces)
        func reject(_ why: String) {
          malformed.append("\(file):\(lineNumber): \(why): \(written)")
        }
        guard
          let head = headPattern.firstMatch(
            in: line, options: .anchored, range: NSRange(location: afterMarker, length: end - afterMarker))
        else {
          reject("not of the form 'expected-\(severity)[@±N]:COL {{message}}'")
          continue
        }
        let messageStart = head.range.location + head.range.length
        let rest = nsLine.substring(with: NSRange(location: messageStart, length: end - messageStart))
        guard let close = rest.range(of: "}}", options: .backwards) else {
          reject("no '}}' closes the message")
          continue
        }
        let offset = head.range(at: 1).location != NSNotFound ? nsLine.substring(with: head.range(at: 1)) : nil
        guard head.range(at: 2).location != NSNotFound else {
          let form = "expected-\(severity)\(offset.map { "@" + $0 } ?? ""):COL {{…}}"
          reject("no column: add the column the analyzer reports, as in '\(form)'")
          continue
        }
        let target = lineNumber + (offset.map { Int($0)! } ?? 0)
        let column = Int(nsLine.substring(with: head.range(at: 2)))!
        expectations.append(
          Expectation(
            file: file, line: target, column: column, severity: severity,
            message: String(rest[..<close.lowerBound])))
      }
    }
    return (expectations, malformed, conditions, exporting)
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
