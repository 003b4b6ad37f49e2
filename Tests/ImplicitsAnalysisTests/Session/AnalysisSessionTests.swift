import ImplicitsInterface
import Testing

@testable import ImplicitsAnalysis

/// What an `AnalysisSession` keeps from one analysis of a module to the
/// next (the trees of unchanged files, the names of the visible upstream
/// interfaces) never changes a verdict: a session gives what a fresh
/// analysis gives, edit after edit.
@Suite struct AnalysisSessionTests {
  static func source(_ name: String, _ text: String) -> SourceInput {
    SourceInput(path: name, relativePath: name, contents: Array(text.utf8))
  }

  static func interface(of module: String, _ text: String) -> InMemoryInterface {
    let result = Analyzer.analyze(AnalysisRequest(moduleName: module, sources: [source("\(module).swift", text)]))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    return InMemoryInterface(result.interface, fingerprint: result.encodedInterface.fingerprint)
  }

  /// The seed program with each of its provides taken away in turn (for
  /// its diagnostics only, as an editor asks), then given back (with its
  /// interface), analyzed in one session: the same as alone.
  @Test func aSessionGivesWhatFreshAnalysesGive() throws {
    let session = AnalysisSession()
    let original = try SeedRemovalTests.sources()
    func inSession(_ files: [String: [String]], makesFiles: Bool) -> AnalysisResult {
      let sources = files.sorted { $0.key < $1.key }.map { name, lines in
        Self.source(name, lines.joined(separator: "\n"))
      }
      var request = AnalysisRequest(moduleName: "Seeds", sources: sources)
      request.makesFiles = makesFiles
      return session.analyze(request)!.result
    }
    var compared = 0
    for provide in try SeedRemovalTests.provides() {
      var files = original
      for line in provide.lines { files[provide.file]![line] = "" }
      for (version, makesFiles) in [(files, false), (original, true)] {
        let kept = inSession(version, makesFiles: makesFiles)
        let fresh = SeedRemovalTests.analyze(version)
        #expect(kept.diagnostics == fresh.diagnostics, "without \(provide)")
        if makesFiles {
          #expect(kept.encodedInterface.bytes == fresh.encodedInterface.bytes, "without \(provide)")
          #expect(kept.supportFile == fresh.supportFile)
        } else {
          #expect(kept.interface.functions.isEmpty && kept.interface.types.isEmpty)
        }
        compared += 1
      }
    }
    #expect(compared >= 40)
    #expect(session.parsedFiles == original.count)
    // Taking a provide away blanks lines of a body: the declarations serve again.
    let totals = session.totals
    #expect(totals.declarationReuses >= compared - 1, "\(totals.declarationReuses) reuses, \(totals.declarationCollections) collections")
  }

  /// The names kept for the visible interfaces are made again when one of
  /// them changes: a function added upstream is found, and what it
  /// requires is checked.
  @Test func upstreamNamesFollowTheInterfaces() {
    let core = """
      import Implicits

      public final class Clock {
        public init() {}
      }

      public func tick(_ scope: ImplicitScope) {
        @Implicit var clock: Clock
        _ = clock
      }

      """
    let first = Self.interface(of: "Core", core)
    let second = Self.interface(
      of: "Core",
      core + """
        public func tock(_ scope: ImplicitScope) {
          @Implicit var clock: Clock
          _ = clock
        }

        """)
    let app = Self.source(
      "App.swift",
      """
      import Implicits
      import Core

      func run() {
        let scope = ImplicitScope()
        defer { scope.end() }
        tock(scope)
      }

      """)
    let session = AnalysisSession()
    func analyze(_ core: InMemoryInterface, in session: AnalysisSession?) -> [String] {
      let request = AnalysisRequest(moduleName: "App", sources: [app], upstream: [core])
      return (session?.analyze(request)!.result ?? Analyzer.analyze(request)).diagnostics.map(\.message)
    }
    let before = analyze(first, in: session)
    #expect(before == analyze(first, in: nil))
    #expect(!before.contains("Unresolved requirement: Clock"), "\(before)")
    let after = analyze(second, in: session)
    #expect(after == ["Unresolved requirement: Clock"])
    #expect(after == analyze(second, in: nil))
  }
}
