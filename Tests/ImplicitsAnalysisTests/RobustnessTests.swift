import Foundation
import ImplicitsAnalysis
import ImplicitsTestSupport
import Testing

/// Any input gives diagnostics or nothing: never a crash, never a hang.
@Suite struct RobustnessTests {
  func analyze(_ text: String, file: String = "Input.swift") -> AnalysisResult {
    analyze(bytes: Array(text.utf8), file: file)
  }

  func analyze(bytes: [UInt8], file: String = "Input.swift") -> AnalysisResult {
    Analyzer.analyze(
      AnalysisRequest(moduleName: "Robust", sources: [SourceInput(path: file, relativePath: file, contents: bytes)]))
  }

  /// What any input's diagnostics must be: in the file, at a line and a
  /// column it has (one past the end at most), with a message; `context`
  /// says how to reproduce a failure.
  func expectWellFormed(_ result: AnalysisResult, of bytes: [UInt8], file: String, _ context: String) {
    // Lines as Swift counts them: ended by LF, CR or CR LF; widths in bytes.
    var lines: [Int] = [0]
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        if previous != UInt8(ascii: "\r") { lines.append(0) }
      } else if byte == UInt8(ascii: "\r") {
        lines.append(0)
      } else {
        lines[lines.count - 1] += 1
      }
      previous = byte
    }
    for diagnostic in result.diagnostics {
      let location = diagnostic.location
      #expect(location.file == file, "\(context): \(diagnostic)")
      #expect((1...lines.count + 1).contains(location.line), "\(context): \(diagnostic)")
      let width = location.line <= lines.count ? lines[location.line - 1] : 0
      #expect((1...width + 1).contains(location.column), "\(context): \(diagnostic)")
      #expect(!diagnostic.message.isEmpty, "\(context)")
    }
  }

  @Test func fiftyThousandLines() {
    var text = "import Implicits\nfinal class Dep {}\n"
    var index = 0
    while text.utf8.count < 50_000 * 30 {
      text += """
        func step\(index)(_ scope: ImplicitScope) {
          @Implicit var dep: Dep
          step\(index + 1)(scope)
        }

        """
      index += 1
    }
    text += "func step\(index)(_ scope: ImplicitScope) {}\n"
    text += "func root() {\n  let scope = ImplicitScope()\n  defer { scope.end() }\n  step0(scope)\n}\n"
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines >= 50_000)
    let result = analyze(text)
    #expect(result.diagnostics.map(\.message) == ["Unresolved requirement: Dep"])
    #expect(result.diagnostics.first?.notes.map(\.message) == ["'step0(_:)' requires 'Dep', called here", "'Dep' is required here by 'step0(_:)'"])
  }

  @Test func deepNesting() {
    let depth = 5_000
    // Deeper than the parser's nesting limit: one error that says so.
    let refusals = ["This code nests more than 2000 syntax levels deep", "Syntax error: parsing has exceeded the maximum nesting level"]
    let parens = "import Implicits\nlet x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + "\n"
    let blocks = "func f(_ scope: ImplicitScope) {\n" + String(repeating: "if true {\n", count: depth)
      + "@Implicit var x: Int\n" + String(repeating: "}\n", count: depth) + "}\n"
    let types = String(repeating: "struct S {\n", count: 3_000) + String(repeating: "}\n", count: 3_000)
    for (name, text) in [("parens", parens), ("blocks", blocks), ("types", types)] {
      let result = analyze(text)
      let errors = result.diagnostics.filter { $0.severity == .error }
      #expect(errors.count == 1, "\(name): \(result.diagnostics.map(\.message))")
      #expect(errors.allSatisfy { error in refusals.contains { error.message.hasPrefix($0) } }, "\(name): \(errors)")
      expectWellFormed(result, of: Array(text.utf8), file: "Input.swift", name)
    }
    // Within it: analyzed, not refused: the diagnostics are about the
    // code (bags that nothing reopens, a bag captured where a closure has
    // no scope).
    let closures = "import Implicits\nfunc f(_ scope: ImplicitScope) {\n" + String(repeating: "_ = { [implicits = #implicits] in\n", count: 10)
      + String(repeating: "}\n", count: 10) + "}\n"
    let result = analyze(closures)
    #expect(Set(result.diagnostics.map(\.rule)) == [.unusedBag, .closureScope], "\(result.diagnostics.prefix(3))")
    expectWellFormed(result, of: Array(closures.utf8), file: "Input.swift", "closures")
  }

  /// A tree deeper than the limit is refused at its first too-deep node;
  /// one within it is read.
  @Test func treeDepthLimit() {
    func chain(_ links: Int) -> String {
      "import Implicits\nlet x = y" + String(repeating: ".next", count: links) + "\n"
    }
    let deep = analyze(chain(3_000))
    let refusal = deep.diagnostics.filter { $0.message.hasPrefix("This code nests more than 2000 syntax levels deep") }
    #expect(refusal.count == 1, "\(deep.diagnostics.map(\.message))")
    #expect(refusal.first?.location.line == 2)
    let shallow = analyze(chain(500))
    #expect(!shallow.diagnostics.contains { $0.message.hasPrefix("This code nests more than") })
  }

  @Test func syntaxErrorsAreReportedAsSuch() {
    let result = analyze("import Implicits\nfunc f(_ scope: ImplicitScope) {\n  @Implicit var x: \n}\n")
    #expect(!result.diagnostics.isEmpty)
    #expect(result.diagnostics.allSatisfy { $0.message.hasPrefix("Syntax error: ") }, "\(result.diagnostics)")
  }

  /// Random bytes from a seeded generator (the seed is in every failure).
  @Test(arguments: [UInt64(1), 2, 3, 4, 5]) func garbage(seed: UInt64) {
    var generator = SeededRandom(seed: seed)
    for round in 0..<10 {
      let bytes = (0..<Int.random(in: 0...4_000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
      expectWellFormed(analyze(bytes: bytes, file: "g.swift"), of: bytes, file: "g.swift", "seed \(seed), round \(round)")
    }
  }

  @Test func emptyAndInvisibleInputsHaveNothingToSay() {
    #expect(analyze("").diagnostics.isEmpty)
    #expect(analyze("\u{FEFF}").diagnostics.isEmpty)
    let nulls = analyze("\u{0}\u{0}\u{FEFF}")
    expectWellFormed(nulls, of: Array("\u{0}\u{0}\u{FEFF}".utf8), file: "Input.swift", "NULs")
  }

  /// Random cuts through realistic code, from a seeded generator.
  @Test func mutatedSeeds() throws {
    let directory = FixtureRunner.root.appendingPathComponent("Seeds/SeedModule")
    let seed: UInt64 = 20_261_125
    var generator = SeededRandom(seed: seed)
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
      let text = Array(try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
      for _ in 0..<40 {
        var mutated = text
        let start = Int.random(in: 0..<mutated.count, using: &generator)
        let length = Int.random(in: 0...min(80, mutated.count - start), using: &generator)
        mutated.removeSubrange(start..<(start + length))
        let text = String(mutated)
        expectWellFormed(
          analyze(text, file: name), of: Array(text.utf8), file: name, "seed \(seed), \(name) without \(start)..<\(start + length)")
      }
    }
  }

  /// Code using every kind of Swift construct, with no implicits in it,
  /// analyzes with no diagnostic.
  @Test func everyConstruct() {
    let result = analyze(Self.everyConstruct)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
  }

  static let everyConstruct = #"""
    import Foundation
    import Implicits

    @resultBuilder enum ListBuilder {
      static func buildBlock(_ parts: Int...) -> [Int] { parts }
      static func buildOptional(_ part: [Int]?) -> Int { part?.count ?? 0 }
      static func buildEither(first: Int) -> Int { first }
      static func buildEither(second: Int) -> Int { second }
    }

    @ListBuilder func numbers(_ flag: Bool) -> [Int] {
      1
      if flag { 2 } else { 3 }
    }

    struct FileHandle: ~Copyable {
      let descriptor: Int32
      consuming func close() {}
      borrowing func peek() -> Int32 { descriptor }
      deinit {}
    }

    enum ParseError: Error { case bad(line: Int) }

    func parse(_ text: String) throws(ParseError) -> Int {
      guard let value = Int(text) else { throw .bad(line: 1) }
      return value
    }

    func regex(_ input: String) -> Bool {
      let pattern = /(\d+)-(\d+)/
      return input.contains(pattern)
    }

    func pack<each T>(_ values: repeat each T) -> (repeat each T) { (repeat each values) }

    protocol Shape { associatedtype Unit; var area: Double { get } }
    struct Square: Shape { typealias Unit = Double; var side = 1.0; var area: Double { side * side } }
    func opaque() -> some Shape { Square() }
    func existential(_ shape: any Shape) -> Double { shape.area }

    actor Counter {
      private var value = 0
      func increment() -> Int { value += 1; return value }
      nonisolated var description: String { "Counter" }
    }

    @MainActor final class ViewModel: ObservableObject {
      @Published var title = ""
      lazy var formatter: DateFormatter = { DateFormatter() }()
      subscript(index: Int) -> Int { index }
      static func + (lhs: ViewModel, rhs: ViewModel) -> ViewModel { lhs }
    }

    indirect enum Tree<Element> {
      case leaf(Element)
      case node(Tree, Tree)
      var depth: Int {
        switch self {
        case .leaf: 1
        case .node(let left, let right): 1 + max(left.depth, right.depth)
        }
      }
    }

    @propertyWrapper struct Clamped { var wrappedValue: Int { didSet { wrappedValue = min(wrappedValue, 10) } } }
    struct Settings { @Clamped var volume = 5 }

    func concurrency() async throws {
      async let first = Counter().increment()
      let second = await Counter().increment()
      let values = try await withThrowingTaskGroup(of: Int.self) { group in
        group.addTask { 1 }
        var total = 0
        for try await value in group { total += value }
        return total
      }
      _ = (await first, second, values)
      let stream = AsyncStream<Int> { continuation in continuation.finish() }
      for await _ in stream {}
    }

    func expressions(_ items: [Int?]) -> String {
      let mapped = items.compactMap { $0 }.map { $0 * 2 }.filter { $0 > 1 }.reduce(into: [:]) { $0[$1] = "\($1)" }
      let path = \Square.side
      let label = if mapped.isEmpty { "empty" } else { "full" }
      let kind = switch mapped.count { case 0: "none"; case 1...3: "few"; default: "many" }
      var text = """
        \(label) \(kind) \(Square()[keyPath: path]) \(mapped.count) \((1...3).map { "\($0)" }.joined())
        """
      defer { text += "!" }
      for case let value? in items where value > 0 { text += "\(value)" }
      repeat { text += "." } while text.count < 3
      do { try _ = parse("1") } catch { text += "\(error)" }
      return text
    }

    #if canImport(Darwin)
      import Darwin
    #elseif os(Linux)
      import Glibc
    #endif

    @available(macOS 13, *)
    extension Array where Element: Comparable {
      func sortedTwice() -> [Element] { sorted().sorted() }
    }

    let stringified = #fileID
    """#
}
