import Foundation
import ImplicitsTestSupport
import Testing

/// swiftc as the oracle of lookup, overloads and escaping, on code the
/// analyzer's authors did not write: every call of real third-party
/// modules (resolved as if it passed a scope) and every closure argument,
/// compared with the compiler's type-checked tree (`ResolutionComparison`).
/// The run-time corpus is compared the same way, program by program
/// (`RuntimeCorpusTests`), and so are the fixtures that compile.
@Suite struct ResolutionOracleTests {
  /// A module of real code: its sources, relative to `.build/checkouts`.
  struct RealModule: CustomStringConvertible {
    var name: String
    var directory: String

    var description: String { name }
  }

  /// What SwiftPM compiled the module with, from its build manifest
  /// (`.build/debug.yaml`): the compilation conditions, and the options
  /// that decide how swiftc type-checks it (search paths, language mode,
  /// features).
  static func swiftPMOptions(of module: String) throws -> (conditions: [String], options: [String]) {
    let manifest = try String(
      contentsOf: RuntimeCompiler.repository.appendingPathComponent(".build/debug.yaml"), encoding: .utf8)
    let marker = "\"C.\(module)-"
    guard let start = manifest.range(of: marker)?.lowerBound,
      let argumentsLine = manifest[start...].split(separator: "\n").first(where: { $0.hasPrefix("    args: ") }),
      let arguments = try JSONSerialization.jsonObject(with: Data(argumentsLine.dropFirst("    args: ".count).utf8)) as? [String]
    else { throw OracleError("no compile command for \(module) in .build/debug.yaml") }
    var conditions: [String] = []
    var options: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let value = index + 1 < arguments.count ? arguments[index + 1] : ""
      switch argument {
      case "-I", "-Xcc", "-swift-version", "-enable-experimental-feature", "-enable-upcoming-feature", "-package-name",
        "-target", "-module-cache-path":
        options += [argument, value]
        index += 2
        continue
      default:
        if argument.hasPrefix("-D") && argument.count > 2 {
          conditions.append(String(argument.dropFirst(2)))
          options.append(argument)
        }
      }
      index += 1
    }
    return (conditions, options)
  }

  static let checkouts = RuntimeCompiler.repository.appendingPathComponent(".build/checkouts")

  /// Modules whose dependencies the package's own build has compiled
  /// (their `.swiftmodule`s are in the build folder).
  static let realModules: [RealModule] = [
    RealModule(name: "ArgumentParser", directory: "swift-argument-parser/Sources/ArgumentParser"),
    RealModule(name: "SwiftParser", directory: "swift-syntax/Sources/SwiftParser"),
    RealModule(name: "SwiftBasicFormat", directory: "swift-syntax/Sources/SwiftBasicFormat"),
    RealModule(name: "SwiftDiagnostics", directory: "swift-syntax/Sources/SwiftDiagnostics"),
    RealModule(name: "SwiftParserDiagnostics", directory: "swift-syntax/Sources/SwiftParserDiagnostics"),
    RealModule(name: "SwiftIfConfig", directory: "swift-syntax/Sources/SwiftIfConfig"),
    RealModule(name: "SwiftLexicalLookup", directory: "swift-syntax/Sources/SwiftLexicalLookup"),
    RealModule(name: "HeapModule", directory: "swift-collections/Sources/HeapModule"),
  ]

  /// Analyzes and dumps one module of real code; nil when its checkout is
  /// missing (a package built without it).
  static func compare(_ module: RealModule) throws -> ResolutionComparison? {
    let directory = checkouts.appendingPathComponent(module.directory)
    guard FileManager.default.fileExists(atPath: directory.path) else { return nil }
    let sources = try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
      .sorted().map { directory.appendingPathComponent($0).path }
    let work = try TemporaryDirectory()
    let log = "\(work.path)/\(module.name).resolutions.json"
    let (conditions, options) = try swiftPMOptions(of: module.name)
    let analysis = try CommandLineTool.run(
      ["analyze", "--module-name", module.name, "--emit-resolutions", log] + conditions.flatMap { ["-D", $0] } + sources,
      in: work.path)
    guard analysis.status == 0 else {
      throw OracleError("implicits analyze \(module.name) exited with \(analysis.status):\n\(analysis.output)\(analysis.errors)")
    }
    let tree = try SwiftcResolutions.dump(
      moduleName: module.name, sources: sources,
      extraArguments: options + ["-parse-as-library"], in: work.path)
    return ResolutionComparison(try AnalyzerResolutions(contentsOf: log), tree)
  }

  @Test(arguments: realModules)
  func realCode(_ module: RealModule) throws {
    guard let comparison = try Self.compare(module) else { return }
    print("swiftc oracle, \(module.name):\n\(comparison.summary)")
    // Every finding, for a closer look: IMPLICITS_ORACLE_FINDINGS=folder.
    if let folder = ProcessInfo.processInfo.environment["IMPLICITS_ORACLE_FINDINGS"] {
      try (comparison.findings.joined(separator: "\n") + "\n").write(
        toFile: "\(folder)/\(module.name).txt", atomically: true, encoding: .utf8)
    }
    #expect(comparison.scopePassingCalls.wrongAndSure == 0)
    #expect(comparison.closures.wrongAndSure == 0, "\(comparison.holes.joined(separator: "\n"))")
  }

  /// Every module of the analyzer's fixtures that swiftc compiles (many
  /// show errors that Swift would report too; those are left out).
  @Test func fixtures() throws {
    var total = ResolutionComparison()
    var compiled = 0
    var skipped: [String] = []
    let layout = FixtureLayout.analyzerFixtures
    for fixture in layout.all() {
      let work = try TemporaryDirectory()
      var logs: [String: AnalyzerResolutions] = [:]
      var trees: [SwiftcResolutions] = []
      var interfaces: [String] = []
      for (module, files) in layout.modules(of: fixture) {
        let sources = files.map(\.path)
        let text = try sources.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
        let options = text.split(separator: "\n").filter { $0.hasPrefix("// analyze: ") }
          .flatMap { $0.dropFirst("// analyze: ".count).split(separator: " ").map(String.init) }
        let log = "\(work.path)/\(module).resolutions.json"
        let interface = "\(work.path)/\(module).implicitinterface"
        let support = "\(work.path)/\(module).implicits.swift"
        let analysis = try CommandLineTool.run(
          ["analyze", "--module-name", module, "--emit-resolutions", log, "--emit-interface", interface,
           "--emit-support-file", support] + options + interfaces.flatMap { ["--dependency-interface", $0] } + sources,
          in: work.path)
        guard analysis.status <= 1 else {
          throw OracleError("implicits analyze of \(fixture) exited with \(analysis.status): \(analysis.errors)")
        }
        // A module with syntax errors is not analyzed past its parse.
        guard FileManager.default.fileExists(atPath: log) else {
          skipped.append("\(fixture) (\(module))")
          break
        }
        let conditions = options.enumerated().filter { $0.offset > 0 && options[$0.offset - 1] == "-D" }.map { "-D" + $0.element }
        let library = sources.contains { $0.hasSuffix("/main.swift") } ? [] : ["-parse-as-library"]
        let inputs = sources + (FileManager.default.fileExists(atPath: support) ? [support] : [])
        let arguments = RuntimeCompiler.searchArguments + ["-I", work.path] + conditions + library
        guard let tree = try? SwiftcResolutions.dump(moduleName: module, sources: inputs, extraArguments: arguments, in: work.path)
        else {
          skipped.append("\(fixture) (\(module))")
          break
        }
        compiled += 1
        let resolutions = try AnalyzerResolutions(contentsOf: log)
        total = total + ResolutionComparison(resolutions, tree, upstreamLogs: logs, upstreamTrees: trees)
        logs[module] = resolutions
        trees.append(tree)
        interfaces.append(interface)
        // The next modules import this one.
        let emitted = try RuntimeCompiler.swiftc(
          arguments + ["-module-name", module, "-emit-module", "-emit-module-path", "\(work.path)/\(module).swiftmodule"] + inputs,
          in: work.path)
        guard emitted.status == 0 else { break }
      }
    }
    print("swiftc oracle, fixtures: \(compiled) modules compiled, \(skipped.count) do not compile\n\(total.summary)")
    #expect(compiled > 20, "only \(compiled) fixture modules compile: \(skipped)")
    #expect(total.holes.isEmpty, "\(total.holes.joined(separator: "\n"))")
  }
}
