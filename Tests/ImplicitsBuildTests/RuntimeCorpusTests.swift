import ImplicitsTestSupport
import Foundation
import Testing

/// The analyzer's verdicts judged against real runs.
///
/// Every program under `Tests/RuntimeCorpus/Programs` is analyzed module by
/// module with the real `implicits analyze`, compiled with `swiftc` against
/// the runtime and its generated support files, and run. The run is the
/// truth: a program the analyzer approves must not stop for want of a
/// value, and a program that runs clean must be approved, unless it uses a
/// shape the user guide rejects by design (`// by-design: <rule>`).
///
/// Program layout and markers (in the program's `main.swift`):
/// - a folder of `.swift` files is one module, `Program` unless a line
///   `// module-name: Name` says otherwise; subfolders `1-Core/`,
///   `2-Feature/`, … are modules built in that order, each seeing the
///   earlier ones, the last one holding `main.swift`; a module that two
///   programs share is a symbolic link to the other program's folder;
/// - `// expect: runs` or `// expect: stops`: what the program's author
///   intends the run to do;
/// - `// by-design: <rule-id>`: the program runs clean but the analysis
///   rejects it by design, with errors of that rule only;
/// - `// known-issue: <text>`: the analyzer wrongly rejects this correct
///   program; the disagreement is a known issue until it is fixed;
/// - `// build: debug and release`: the program is also compiled without
///   optimization, and must do the same (programs are compiled with `-O`:
///   Swift 6.3 crashes on key paths to another module's named keys in
///   unoptimized code, see the user guide's known issues).
@Suite struct RuntimeCorpusTests {
  static let corpusDirectory = RuntimeCompiler.repository.appendingPathComponent("Tests/RuntimeCorpus/Programs")

  static let programNames: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: corpusDirectory.path)) ?? []
    return names.filter { name in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: corpusDirectory.appendingPathComponent(name).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }.sorted()
  }()

  /// At most two programs are analyzed, compiled and run at a time.
  static let slots = DispatchSemaphore(value: 2)

  @Test func corpusIsLargeAndBalanced() throws {
    let programs = try Self.programNames.map(CorpusProgram.init(name:))
    #expect(programs.count >= 60, "the corpus has \(programs.count) programs; it needs at least 60")
    let stopping = programs.filter { $0.expectation == .stops }.count
    let share = Double(stopping) / Double(max(programs.count, 1))
    #expect(
      (0.35...0.65).contains(share),
      "\(stopping) of \(programs.count) programs are marked '// expect: stops'; keep it between 35% and 65%")
  }

  @Test(arguments: programNames)
  func verdictAgreesWithTheRun(_ name: String) throws {
    Self.slots.wait()
    defer { Self.slots.signal() }
    let program = try CorpusProgram(name: name)
    let outcome = try program.analyzeBuildAndRun()
    judge(program, outcome)
    if program.alsoInDebug {
      judge(program, try program.analyzeBuildAndRun(optimization: "-Onone"))
    }
  }

  private func judge(_ program: CorpusProgram, _ outcome: CorpusProgram.Outcome) {
    let name = program.name
    // swiftc is the oracle of lookup, overloads and escaping: a resolution
    // the analysis is sure of must be the compiler's.
    for hole in outcome.oracle.holes {
      Issue.record("\(name): \(hole)")
    }
    let diagnostics = outcome.diagnosticsText(relativeTo: program.directory)
    let run: CorpusProgram.Expectation
    switch outcome.run {
    case let .failed(reason):
      Issue.record("corpus error in \(name): \(reason)")
      return
    case .unbuildableWithoutSupportFile:
      // The analysis failed, so no support file was written, and the
      // program needs one: it cannot run.
      if program.expectation == .stops {
        Issue.record(
          "corpus error in \(name): a program expected to stop must compile without the generated support file (use 'Implicits(capturing:)' instead of '#implicits' or closure wrappers)\n\(diagnostics)")
      } else {
        recordFalseRejection(program, "rejected, and cannot be run without the support file the analysis did not write:\n\(diagnostics)")
      }
      return
    case let .finished(result):
      run = result
    }
    guard run == program.expectation else {
      Issue.record(
        "corpus bug in \(name): it says '// expect: \(program.expectation.rawValue)' but it \(run.rawValue)\n\(outcome.runOutput)")
      return
    }
    if program.byDesign != nil && run == .stops {
      Issue.record("corpus bug in \(name): '// by-design:' marks programs that run clean; this one stops")
    }
    switch (outcome.approved, run) {
    case (true, .stops):
      Issue.record("approved but stopped: \(name) passed the analysis and stops for want of a value\n\(outcome.runOutput)")
    case (true, .runs):
      if let rule = program.byDesign {
        Issue.record(
          "\(name) is marked '// by-design: \(rule)' but the analysis approves it: remove the marker, and update the user guide's list of shapes rejected by design")
      } else if program.knownIssue != nil {
        Issue.record("\(name) is approved now: remove its '// known-issue:' line")
      }
    case (false, .runs):
      let errors = outcome.diagnostics.filter { $0.severity == "error" }
      if let rule = program.byDesign, !errors.isEmpty, errors.allSatisfy({ $0.rule == rule }) {
        return
      }
      let marker = program.byDesign.map { " (marked '// by-design: \($0)', but not every error has that rule)" } ?? ""
      recordFalseRejection(program, "rejected but runs clean\(marker):\n\(diagnostics)")
    case (false, .stops):
      if program.knownIssue != nil {
        Issue.record("\(name) stops and is rejected: a '// known-issue:' line is only for correct programs the analyzer rejects")
      }
    }
  }

  private func recordFalseRejection(_ program: CorpusProgram, _ message: String) {
    if let knownIssue = program.knownIssue {
      withKnownIssue(Comment(rawValue: knownIssue)) {
        Issue.record("\(program.name): \(message)")
      }
    } else {
      Issue.record("\(program.name): \(message)")
    }
  }
}

/// One program of the corpus: its modules and markers.
struct CorpusProgram {
  enum Expectation: String {
    case runs
    case stops
  }

  struct Module {
    var name: String
    var directory: URL
    var sources: [String]
  }

  struct Diagnostic: Decodable {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var rule: String
    var message: String
  }

  enum Run {
    case finished(Expectation)
    case unbuildableWithoutSupportFile
    case failed(String)
  }

  struct Outcome {
    var approved: Bool
    var diagnostics: [Diagnostic]
    var run: Run
    var runOutput: String
    /// The analysis's resolutions of calls and closures against swiftc's.
    var oracle = ResolutionComparison()

    func diagnosticsText(relativeTo directory: URL) -> String {
      let root = directory.path + "/"
      return diagnostics.map { diagnostic in
        let file = diagnostic.file.hasPrefix(root) ? String(diagnostic.file.dropFirst(root.count)) : diagnostic.file
        return "  \(file):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity) [\(diagnostic.rule)] \(diagnostic.message)"
      }.joined(separator: "\n")
    }
  }

  let name: String
  let directory: URL
  let modules: [Module]
  let expectation: Expectation
  let byDesign: String?
  let knownIssue: String?
  /// Compiled without optimization too (`// build: debug and release`).
  let alsoInDebug: Bool

  /// Seconds a program may run.
  static let runTimeLimit = 30.0

  init(name: String) throws {
    let root = RuntimeCorpusTests.corpusDirectory.appendingPathComponent(name)
    let (modules, main) = try Self.modules(in: root, program: name)
    let header = try String(contentsOfFile: main, encoding: .utf8)
    func marker(_ prefix: String) -> String? {
      header.split(separator: "\n").first { $0.hasPrefix(prefix) }
        .map { $0.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) }
    }
    var named = modules
    if let moduleName = marker("// module-name:") {
      guard named.count == 1 else { throw CorpusError("\(name): '// module-name:' is for single-module programs") }
      named[0].name = moduleName
    }
    guard let expected = marker("// expect:").flatMap(Expectation.init(rawValue:)) else {
      throw CorpusError("\(name): main.swift needs a line '// expect: runs' or '// expect: stops'")
    }
    self.name = name
    directory = root
    self.modules = named
    expectation = expected
    byDesign = marker("// by-design:")
    knownIssue = marker("// known-issue:")
    alsoInDebug = marker("// build:") == "debug and release"
  }

  /// The modules of the program in `root`, in build order, and the path of
  /// its `main.swift`.
  private static func modules(in root: URL, program name: String) throws -> ([Module], String) {
    let files = FileManager.default
    func swiftFiles(in folder: URL) throws -> [String] {
      try files.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        .map { folder.appendingPathComponent($0).path }
    }
    let folders = try files.contentsOfDirectory(atPath: root.path).compactMap { entry -> (Int, String, String)? in
      guard let dash = entry.firstIndex(of: "-"), let order = Int(entry[..<dash]) else { return nil }
      return (order, entry, String(entry[entry.index(after: dash)...]))
    }.sorted { $0.0 < $1.0 }
    let modules: [Module]
    if folders.isEmpty {
      modules = [Module(name: "Program", directory: root, sources: try swiftFiles(in: root))]
    } else {
      modules = try folders.map { _, folder, moduleName in
        let url = root.appendingPathComponent(folder)
        return Module(name: moduleName, directory: url, sources: try swiftFiles(in: url))
      }
    }
    guard let main = modules.last?.sources.first(where: { $0.hasSuffix("/main.swift") }) else {
      throw CorpusError("\(name): the last module has no main.swift")
    }
    return (modules, main)
  }

  /// Analyzes every module in order, compiles and links them with their
  /// support files, and runs the program.
  func analyzeBuildAndRun(optimization: String = "-O") throws -> Outcome {
    let work = try TemporaryDirectory()
    var approved = true
    var diagnostics: [Diagnostic] = []
    var interfaces: [String] = []
    var objects: [String] = []
    let runtime = try RuntimeCompiler.runtimeObjects()
    var oracle = ResolutionComparison()
    var logs: [String: AnalyzerResolutions] = [:]
    var trees: [SwiftcResolutions] = []

    for (index, module) in modules.enumerated() {
      let interface = "\(work.path)/\(module.name).implicitinterface"
      let support = "\(work.path)/\(module.name).implicits.swift"
      let resolutions = "\(work.path)/\(module.name).resolutions.json"
      let analysis = try CommandLineTool.run(
        ["analyze", "--module-name", module.name, "--emit-interface", interface, "--emit-support-file", support,
         "--diagnostics-format", "json", "--emit-resolutions", resolutions]
          + interfaces.flatMap { ["--dependency-interface", $0] } + module.sources,
        in: work.path)
      guard analysis.status == 0 || analysis.status == 1 else {
        return Outcome(
          approved: false, diagnostics: diagnostics,
          run: .failed("'implicits analyze' of module \(module.name) exited with \(analysis.status):\n\(analysis.output)\(analysis.errors)"),
          runOutput: "")
      }
      diagnostics += (try? JSONDecoder().decode([Diagnostic].self, from: Data(analysis.output.utf8))) ?? []
      if analysis.status != 0 { approved = false }
      if !FileManager.default.fileExists(atPath: support) {
        // A failed analysis writes no support file; compile without one.
        try "".write(toFile: support, atomically: true, encoding: .utf8)
      }
      // A failed analysis may write no interface: the next modules are then
      // analyzed without it, and rejected.
      if FileManager.default.fileExists(atPath: interface) {
        interfaces.append(interface)
      }

      var arguments = [optimization] + RuntimeCompiler.importArguments(moduleName: module.name) + ["-I", work.path]
      let isLast = index == modules.count - 1
      if isLast {
        arguments += module.sources + [support] + objects + runtime + ["-o", "\(work.path)/program"]
      } else {
        let object = "\(work.path)/\(module.name).o"
        arguments += [
          "-parse-as-library", "-emit-module", "-emit-module-path", "\(work.path)/\(module.name).swiftmodule",
          "-wmo", "-c",
        ] + module.sources + [support, "-o", object]
        objects.append(object)
      }
      let compile = try RuntimeCompiler.swiftc(arguments, in: work.path)
      guard compile.status == 0 else {
        let output = compile.output + compile.errors
        if !approved && (output.contains("__implicits_bag_") || output.contains("Implicits' in scope")) {
          return Outcome(approved: false, diagnostics: diagnostics, run: .unbuildableWithoutSupportFile, runOutput: output)
        }
        return Outcome(
          approved: approved, diagnostics: diagnostics,
          run: .failed("module \(module.name) does not compile:\n\(output)"), runOutput: "")
      }
      // What swiftc resolved, against what the analysis did.
      let log = try AnalyzerResolutions(contentsOf: resolutions)
      let tree = try SwiftcResolutions.dump(
        moduleName: module.name, sources: module.sources + [support],
        extraArguments: RuntimeCompiler.searchArguments + ["-I", work.path] + (isLast ? [] : ["-parse-as-library"]),
        in: work.path)
      oracle = oracle + ResolutionComparison(log, tree, upstreamLogs: logs, upstreamTrees: trees)
      logs[module.name] = log
      trees.append(tree)
    }

    let started = Date()
    let result = try CommandLineTool.run(
      executable: URL(fileURLWithPath: "\(work.path)/program"), [], in: work.path,
      environment: ["SWIFT_BACKTRACE": "enable=no"], killAfter: Self.runTimeLimit)
    let elapsed = Date().timeIntervalSince(started)
    let output = "status \(result.status)\nstdout:\n\(result.output)\nstderr:\n\(result.errors)"
    let run: Run
    if result.status == 0 {
      run = .finished(.runs)
    } else if result.errors.contains("Implicits: no implicit value")
      || result.errors.contains("Implicits: the bag captured here needs")
    {
      run = .finished(.stops)
    } else if elapsed >= Self.runTimeLimit {
      run = .failed("the program did not finish in \(Int(Self.runTimeLimit)) s\n\(output)")
    } else {
      run = .failed("the program failed, but not for want of an implicit value\n\(output)")
    }
    return Outcome(approved: approved, diagnostics: diagnostics, run: run, runOutput: output, oracle: oracle)
  }
}

struct CorpusError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
