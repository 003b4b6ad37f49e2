import Foundation
import ImplicitsAnalysis
import ImplicitsInterface
import ImplicitsTestSupport
import Testing

/// An `AnalysisSession` keeps trees, upstream names and declarations from
/// one analysis of a module to the next; none of it may change a verdict. Every module of
/// the run-time corpus is edited line by line, at random (a line of a body
/// blanked, replaced by `_ = 0`, or by another line of the module, which
/// moves provides, reads, calls and scopes around), and after each edit
/// the session's analysis must give exactly what a fresh analysis gives:
/// the diagnostics with their notes, the interface's bytes, the support
/// file and the editor's index.
@Suite struct EditSessionTests {
  static func analyze(
    _ module: String, _ files: [(path: String, lines: [String])], upstream: [InMemoryInterface], in session: AnalysisSession?
  ) -> AnalysisResult {
    let sources = files.map { SourceInput(path: $0.path, relativePath: ($0.path as NSString).lastPathComponent, contents: Array($0.lines.joined(separator: "\n").utf8)) }
    var request = AnalysisRequest(moduleName: module, sources: sources, upstream: upstream)
    request.makesCodeIndex = true
    return session?.analyze(request)!.result ?? Analyzer.analyze(request)
  }

  /// Everything a result gives a user, as text.
  static func observable(_ result: AnalysisResult) -> [String] {
    [
      result.diagnostics.map { "\($0)" }.joined(separator: "\n"),
      result.encodedInterface.bytes.map { String($0, radix: 16) }.joined(),
      result.supportFile,
      result.index.entries.map { "\($0)" }.joined(separator: "\n"),
    ]
  }

  struct Tally {
    var edits = 0
    var declarationsReused = 0
    var bodiesTaken = 0
  }

  /// Edits `files` (module `module`) `count` times at random, comparing the
  /// session's analysis with a fresh one after each edit; returns the
  /// original's interface.
  static func edit(
    _ module: String, _ files: [(path: String, lines: [String])], upstream: [InMemoryInterface], count: Int,
    random: inout SeededRandom, tally: inout Tally, name: String
  ) -> InMemoryInterface {
    var files = files
    // Lines of bodies, roughly: indented statements on one line (not
    // `case` labels, which other lines cannot replace without a syntax error).
    let candidates = files.indices.flatMap { file in
      files[file].lines.indices.compactMap { line -> (Int, Int)? in
        let text = files[file].lines[line]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("    "), !trimmed.isEmpty, !trimmed.contains("{"), !trimmed.contains("}"),
          !trimmed.hasPrefix("//"), !trimmed.hasPrefix("#"), !trimmed.hasPrefix("case "), !trimmed.hasPrefix("default")
        else { return nil }
        return (file, line)
      }
    }
    let session = AnalysisSession()
    let original = Self.analyze(module, files, upstream: upstream, in: session)
    #expect(Self.observable(original) == Self.observable(Self.analyze(module, files, upstream: upstream, in: nil)))
    for _ in 0..<(candidates.isEmpty ? 0 : count) {
      let (file, line) = candidates[random.next(below: candidates.count)]
      let indentation = String(files[file].lines[line].prefix { $0 == " " })
      switch random.next(below: 5) {
      case 0: files[file].lines[line] = ""
      case 1: files[file].lines[line] = indentation + "_ = 0"
      // A line more: what follows moves down (the declarations after it
      // are in other places, and are collected again).
      case 2: files[file].lines[line] += "\n" + indentation + "_ = 1"
      default:
        let (otherFile, otherLine) = candidates[random.next(below: candidates.count)]
        files[file].lines[line] = indentation + files[otherFile].lines[otherLine].trimmingCharacters(in: .whitespaces)
      }
      let (reused, taken) = (session.totals.declarationReuses, session.totals.bodiesTaken)
      let kept = Self.observable(Self.analyze(module, files, upstream: upstream, in: session))
      let fresh = Self.observable(Self.analyze(module, files, upstream: upstream, in: nil))
      for (part, (kept, fresh)) in zip(["diagnostics", "interface", "support file", "index"], zip(kept, fresh)) {
        #expect(kept == fresh, "\(part) of \(name), module \(module), after replacing \(files[file].path):\(line + 1)")
      }
      tally.edits += 1
      tally.declarationsReused += session.totals.declarationReuses - reused
      tally.bodiesTaken += session.totals.bodiesTaken - taken
    }
    return InMemoryInterface(original.interface, fingerprint: original.encodedInterface.fingerprint)
  }

  static func read(_ paths: [String]) throws -> [(path: String, lines: [String])] {
    try paths.sorted().map { path in (path, try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")) }
  }

  @Test func editsOfTheCorpusGiveWhatFreshAnalysesGive() throws {
    var tally = Tally()
    for name in RuntimeCorpusTests.programNames {
      let program = try CorpusProgram(name: name)
      var random = SeededRandom(seed: UInt64(name.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }.magnitude))
      var upstream: [InMemoryInterface] = []
      for module in program.modules {
        upstream.append(
          Self.edit(
            module.name, try Self.read(module.sources), upstream: upstream, count: 12, random: &random, tally: &tally,
            name: name))
      }
    }
    // The declarations served again after most edits: the comparison above
    // is of the reuse, not only of fresh analyses.
    #expect(tally.edits >= 700)
    #expect(tally.declarationsReused * 2 >= tally.edits, "declarations reused after \(tally.declarationsReused) of \(tally.edits) edits")
  }

  /// Modules of several files calling each other and upstream modules (the
  /// benchmark's kind): the bodies of the files an edit did not touch are
  /// taken as they were.
  @Test func editsOfGeneratedModulesGiveWhatFreshAnalysesGive() throws {
    let directory = NSTemporaryDirectory() + "edit-session-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let generator = ProjectGenerator(modules: 6, totalLines: 4000, fanIn: 2, filesPerModule: 4)
    try generator.write(to: directory)
    var random = SeededRandom(seed: 28)
    var tally = Tally()
    var upstream: [InMemoryInterface] = []
    for module in generator.moduleNames {
      let folder = "\(directory)/Modules/\(module)/Sources"
      let paths = try FileManager.default.contentsOfDirectory(atPath: folder).map { "\(folder)/\($0)" }
      upstream.append(
        Self.edit(module, try Self.read(paths), upstream: upstream, count: 40, random: &random, tally: &tally, name: "generated"))
    }
    #expect(tally.edits >= 200)
    #expect(tally.bodiesTaken >= tally.edits * 2, "\(tally.bodiesTaken) files' bodies taken in \(tally.edits) edits, declarations reused in \(tally.declarationsReused)")
  }
}
