import Foundation
import ImplicitsAnalysis
import ImplicitsInterface
import Testing

/// An analysis that may hold only some of its upstream interface files at
/// once reads the others again when it consults them again: same
/// verdicts, same outputs, and a file that changed meanwhile is refused.
@Suite("Interface budget")
struct InterfaceBudgetTests {
  /// `L0`…`L(n-1)`: each declares a service and a named key and exports an
  /// entry that requires them and calls the entries of the two before it.
  static func library(_ index: Int) -> String {
    let imports = ["Implicits"] + (max(0, index - 2)..<index).map { "L\($0)" }
    let calls = (max(0, index - 2)..<index).map { "  L\($0)Entry.run(scope)" }.joined(separator: "\n")
    return """
      \(imports.map { "import \($0)" }.joined(separator: "\n"))

      public final class Service\(index) {
        public init() {}
      }

      extension ImplicitsKeys {
        public static let flag\(index) = Key<Bool>()
      }

      public enum L\(index)Entry {
        public static func run(_ scope: ImplicitScope) {
          @Implicit var service: Service\(index)
          @Implicit(\\.flag\(index)) var flag: Bool
      \(calls)
        }
      }

      """
  }

  /// Imports every library, provides all but the last one's service and
  /// the key of library 1, and calls every entry, twice, in two orders.
  static func app(libraries: Int) -> String {
    let imports = (["Implicits"] + (0..<libraries).map { "L\($0)" }).map { "import \($0)" }.joined(separator: "\n")
    var provides = ""
    for index in 0..<libraries {
      if index != libraries - 1 { provides += "  @Implicit var service\(index) = Service\(index)()\n" }
      if index != 1 { provides += "  @Implicit(\\.flag\(index)) var flag\(index) = true\n" }
    }
    let forward = (0..<libraries).map { "  L\($0)Entry.run(scope)" }.joined(separator: "\n")
    let backward = (0..<libraries).reversed().map { "  L\($0)Entry.run(scope)" }.joined(separator: "\n")
    return """
      \(imports)

      func runApp() {
        let scope = ImplicitScope()
        defer { scope.end() }
      \(provides)\(forward)
      \(backward)
      }

      public func relay(_ scope: ImplicitScope) {
      \(backward)
      }

      """
  }

  static func source(_ module: String, _ text: String) -> SourceInput {
    SourceInput(path: "/src/\(module)/\(module).swift", relativePath: "\(module)/\(module).swift", contents: Array(text.utf8))
  }

  /// Analyzes the libraries into `directory` and returns their interface paths.
  static func writeLibraries(_ count: Int, to directory: String) throws -> [(module: String, path: String)] {
    var written: [(module: String, path: String)] = []
    for index in 0..<count {
      let module = "L\(index)"
      let upstream = written.map { LazyInterface(moduleName: $0.module, path: $0.path) }
      let result = Analyzer.analyze(
        AnalysisRequest(moduleName: module, sources: [source(module, library(index))], upstream: upstream))
      #expect(!result.hasErrors, "\(result.diagnostics)")
      let path = "\(directory)/\(module).implicitinterface"
      try ModuleOutputs.write(result, interfacePath: path, supportFilePath: nil)
      written.append((module, path))
    }
    return written
  }

  static func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "implicits-budget-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("with room for one interface at a time, the analysis gives the same diagnostics and outputs as with all in memory")
  func sameVerdicts() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let libraries = try Self.writeLibraries(12, to: directory)

    func analyzeApp(budget: InterfaceBudget?) -> (AnalysisResult, [LazyInterface]) {
      let upstream = libraries.map { LazyInterface(moduleName: $0.module, path: $0.path, budget: budget) }
      let request = AnalysisRequest(moduleName: "App", sources: [Self.source("App", Self.app(libraries: 12))], upstream: upstream)
      return (Analyzer.analyze(request), upstream)
    }
    let (whole, _) = analyzeApp(budget: nil)
    let budget = InterfaceBudget(limit: 1)
    let (bounded, interfaces) = analyzeApp(budget: budget)

    #expect(interfaces.allSatisfy { $0.failure == nil })
    #expect(budget.releases >= libraries.count, "every file was let go at least once: \(budget.releases)")
    // The verdict itself: the two keys nobody provides, named once each.
    let errors = whole.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors == ["Unresolved requirements: Service11, \\.flag1"])
    #expect(bounded.diagnostics == whole.diagnostics)
    #expect(bounded.encodedInterface.bytes == whole.encodedInterface.bytes)
    #expect(bounded.supportFile == whole.supportFile)
    #expect(bounded.upstream == whole.upstream)
    let relay = whole.interface.functions.first { $0.baseName == "relay" }
    #expect(relay?.requirements.count == 24, "relay requires every service and every key")
  }

  @Test("a file let go and changed before it is consulted again is refused, naming both fingerprints")
  func changedFile() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let libraries = try Self.writeLibraries(3, to: directory)
    let budget = InterfaceBudget(limit: 1)
    let first = LazyInterface(moduleName: "L0", path: libraries[0].path, budget: budget)
    let second = LazyInterface(moduleName: "L1", path: libraries[1].path, budget: budget)
    let before = first.fingerprint
    #expect(first.type(named: "L0.Service0") != nil)
    #expect(second.type(named: "L1.Service1") != nil)
    #expect(budget.releases == 1, "reading L1 let L0 go")

    // Something writes another L0 in place of the one first read.
    let other = Analyzer.analyze(
      AnalysisRequest(moduleName: "L0", sources: [Self.source("L0", Self.library(0) + "public final class Extra {}\n")]))
    try ModuleOutputs.write(other, interfacePath: libraries[0].path, supportFilePath: nil)
    #expect(other.encodedInterface.fingerprint != before)

    #expect(first.type(named: "L0.Service0") == nil, "a refused file reads as empty")
    #expect(first.fingerprint == before, "the fingerprint the analysis used stays the first one")
    let failure = try #require(first.failure)
    #expect(failure.kind == .changed(first: before, now: other.encodedInterface.fingerprint))
    #expect(
      failure.rendered.hasPrefix(
        "error: cannot use interface of module 'L0' at '\(libraries[0].path)': the file changed during the analysis "
          + "(fingerprint \(before.description.prefix(12))… when first read, "
          + "\(other.encodedInterface.fingerprint.description.prefix(12))… when read again)"))

    // Unchanged files read again are accepted.
    #expect(second.type(named: "L1.Service1") != nil)
    #expect(second.failure == nil)
  }
}
