import ImplicitsFileSystem
import ImplicitsInterface

/// SARIF 2.1.0 (OASIS): one log with one run, whose driver lists every
/// rule of `DiagnosticRule` and whose results are the diagnostics, notes
/// as related locations, fix-its as fixes. Files below the working directory are given
/// relative to the base `SRCROOT` (the working directory); others by an
/// absolute `file://` URI. Columns are counted in Unicode code points, as
/// SARIF's `unicodeCodePoints` says (the source line is read to convert
/// the UTF-8 columns diagnostics carry; an unreadable file keeps them).
extension DiagnosticRenderer {
  public func sarif(_ diagnostics: [Diagnostic]) -> String {
    var lines = SourceLines()
    let rules = DiagnosticRule.allCases
    let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })

    func artifact(_ file: String) -> [String: JSONText] {
      let shown = display(file)
      if shown.hasPrefix("/") { return ["uri": .string("file://" + Self.uriEncoded(shown))] }
      return ["uri": .string(Self.uriEncoded(shown)), "uriBaseId": .string("SRCROOT")]
    }
    func column(_ place: SourceLocation) -> Int {
      let absolute = PathUtilities.absolute(place.file, relativeTo: workingDirectory)
      return max(1, lines.codePointColumn(file: absolute, line: place.line, utf8Column: place.column))
    }
    func location(_ place: SourceLocation) -> [String: JSONText] {
      [
        "physicalLocation": .object([
          "artifactLocation": .object(artifact(place.file)),
          "region": .object(["startLine": .int(max(1, place.line)), "startColumn": .int(column(place))]),
        ])
      ]
    }

    let results: [JSONText] = diagnostics.map { diagnostic in
      var result: [String: JSONText] = [
        "ruleId": .string(diagnostic.rule.rawValue),
        "ruleIndex": .int(ruleIndex[diagnostic.rule]!),
        "level": .string(diagnostic.severity.rawValue),
        "message": .object(["text": .string(diagnostic.message)]),
        "locations": .array([.object(location(diagnostic.location))]),
      ]
      if !diagnostic.notes.isEmpty {
        result["relatedLocations"] = .array(
          diagnostic.notes.enumerated().map { index, note in
            var related = location(note.location)
            related["id"] = .int(index)
            related["message"] = .object(["text": .string(note.message)])
            return .object(related)
          })
      }
      if !diagnostic.fixIts.isEmpty {
        // SARIF's fixes: each replaces a region (end column exclusive).
        result["fixes"] = .array(
          diagnostic.fixIts.map { fix in
            .object([
              "description": .object(["text": .string("replace with '\(fix.replacement)'")]),
              "artifactChanges": .array([
                .object([
                  "artifactLocation": .object(artifact(fix.start.file)),
                  "replacements": .array([
                    .object([
                      "deletedRegion": .object([
                        "startLine": .int(max(1, fix.start.line)), "startColumn": .int(column(fix.start)),
                        "endLine": .int(max(1, fix.end.line)), "endColumn": .int(column(fix.end)),
                      ]),
                      "insertedContent": .object(["text": .string(fix.replacement)]),
                    ])
                  ]),
                ])
              ]),
            ])
          })
      }
      return .object(result)
    }

    let driver: [String: JSONText] = [
      "name": .string("implicits"),
      "version": .string(ToolVersion.current),
      "semanticVersion": .string(ToolVersion.current),
      "rules": .array(
        rules.map { rule in
          .object([
            "id": .string(rule.rawValue),
            "shortDescription": .object(["text": .string(rule.summary)]),
            "defaultConfiguration": .object(["level": .string(rule == .unusedBag ? "warning" : "error")]),
          ])
        }),
    ]
    let run: [String: JSONText] = [
      "tool": .object(["driver": .object(driver)]),
      "originalUriBaseIds": .object([
        "SRCROOT": .object(["uri": .string("file://" + Self.uriEncoded(workingDirectory == "/" ? "/" : workingDirectory + "/"))])
      ]),
      "columnKind": .string("unicodeCodePoints"),
      "results": .array(results),
    ]
    return JSONText.object([
      "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
      "version": .string("2.1.0"),
      "runs": .array([.object(run)]),
    ]).rendered
  }

  /// A path as a URI path: unreserved characters and `/` kept, every other
  /// byte percent-encoded.
  static func uriEncoded(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return out
  }
}

/// Source lines read on demand, to count columns in code points.
private struct SourceLines {
  private var files: [String: [[UInt8]]?] = [:]

  mutating func codePointColumn(file: String, line: Int, utf8Column: Int) -> Int {
    if files[file] == nil {
      files[file] = (try? FileReading.read(file)).map { bytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init) }
    }
    guard let lines = files[file] ?? nil, line >= 1, line <= lines.count else { return utf8Column }
    let prefix = lines[line - 1].prefix(max(0, utf8Column - 1))
    return String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
  }
}
