import ImplicitsTestSupport
import Foundation

/// Builds many generated programs as one executable and judges each.
///
/// Each program's declarations carry its prefix (`P3_`), so all programs'
/// Core files compile into one module `Core`, all Feature files into
/// `Feature`, and all App files with a dispatcher `main.swift` into one
/// executable: three `swiftc` invocations for the whole batch, as the
/// run-time corpus compiles a program (`-O`, `-parse-as-library
/// -emit-module -wmo -c` for the libraries, the runtime's objects). Each
/// program is analyzed alone, module by module, with the real `implicits
/// analyze`, given only its own files and its own upstream interfaces.
/// Then `app N MODE BITS` runs program N on each path (`PathExplorer`).
struct ProgramBatch {
  struct Outcome {
    var program: GeneratedProgram
    var approved: Bool
    var diagnostics: [CorpusProgram.Diagnostic]
    /// The runs by site.
    var exploration: PathExplorer.Exploration
    /// For a rejected program that ran clean by site, the runs by decision.
    var confirmation: PathExplorer.Exploration?
    /// Modules analyzed without the interface of a module they import:
    /// their errors follow from that module's.
    var degraded: Set<String>
    /// `ReferenceSemantics` predicts that some path stops.
    var predictedStop: Bool
    /// `implicits analyze` exited with neither 0 nor 1.
    var analysisFailure: String?
  }

  enum Result {
    case judged(Outcome)
    /// The program does not compile, or fails otherwise than for want of
    /// an implicit value: a bug of the generator.
    case generatorBug(String)
  }

  let programs: [GeneratedProgram]

  /// The most runs of one program by site (2^k for k branch points met),
  /// and by decision.
  static let siteLimit = 64
  static let decisionLimit = 128

  /// Analyzes, compiles and runs every program.
  func evaluate() throws -> [Result] {
    let work = try TemporaryDirectory()
    var results = [Result?](repeating: nil, count: programs.count)
    var clock = Date()
    func lap(_ what: String) {
      GeneratorCampaign.note("\(programs.count) programs: \(what) \(Int(Date().timeIntervalSince(clock))) s")
      clock = Date()
    }
    let analyses = try analyzeAll(in: work.path)
    lap("analysis")
    var included = Set(programs.indices)
    var executable: String?
    for _ in 0..<4 {
      switch try compile(Array(included).sorted(), in: work.path) {
      case let .success(path):
        executable = path
      case let .failure(failed, output):
        guard !failed.isEmpty else { throw CorpusError("the generated batch does not compile:\n\(output.suffix(4000))") }
        for number in failed {
          results[number] = .generatorBug("does not compile:\n\(Self.errors(of: number, in: output))")
          included.remove(number)
        }
        continue
      }
      break
    }
    guard let executable else { throw CorpusError("the generated batch does not compile after 4 tries") }
    let numbers = Array(included).sorted()
    lap("compile")
    let explorations = PathExplorer.exploreAll(
      numbers, mode: .bySite, limit: Self.siteLimit, executable: executable, in: work.path)
    var outcomes: [Int: Outcome] = [:]
    for (number, exploration) in zip(numbers, explorations) {
      if let failure = exploration.failure {
        results[number] = .generatorBug("a run fails otherwise than for want of a value:\n\(failure)")
        continue
      }
      let analysis = analyses[number]
      outcomes[number] = Outcome(
        program: programs[number], approved: analysis.approved, diagnostics: analysis.diagnostics,
        exploration: exploration, confirmation: nil, degraded: analysis.degraded,
        predictedStop: ReferenceSemantics(programs[number]).predictsStop, analysisFailure: analysis.failure)
    }
    // A rejected program that ran clean on every path by site is run on
    // every path by decision before it counts as an imprecision.
    // (By site and by decision are the same when no run met a branch point
    // twice.)
    let unconfirmed = outcomes.keys.sorted().filter { number in
      let outcome = outcomes[number]!
      let verdict = GeneratedVerdict(outcome)
      return outcome.exploration.metTwice && outcome.analysisFailure == nil
        && (verdict == .unjudged || verdict.isDisagreement && verdict != .soundnessHole)
    }
    let confirmations = PathExplorer.exploreAll(
      unconfirmed, mode: .byDecision, limit: Self.decisionLimit, executable: executable, in: work.path)
    for (number, confirmation) in zip(unconfirmed, confirmations) { outcomes[number]!.confirmation = confirmation }
    lap("runs")
    for (number, outcome) in outcomes {
      if let failure = outcome.confirmation?.failure {
        results[number] = .generatorBug("a run fails otherwise than for want of a value:\n\(failure)")
      } else {
        results[number] = .judged(outcome)
      }
    }
    return results.map { $0 ?? .generatorBug("not run") }
  }

  // MARK: Analysis

  struct Analysis {
    var approved = true
    var diagnostics: [CorpusProgram.Diagnostic] = []
    var failure: String?
    /// Modules analyzed without the interface of a module they import
    /// (whose analysis failed and wrote none).
    var degraded: Set<String> = []
  }

  /// Writes every program's sources and analyzes each, two at a time.
  private func analyzeAll(in work: String) throws -> [Analysis] {
    for module in GenModule.allCases {
      try FileManager.default.createDirectory(atPath: "\(work)/src/\(module.name)", withIntermediateDirectories: true)
    }
    for (number, program) in programs.enumerated() {
      for (module, source) in ProgramRenderer(program, number: number).sources() {
        try source.write(toFile: Self.source(module, number, in: work), atomically: true, encoding: .utf8)
      }
    }
    let box = BatchResults(count: programs.count, empty: Analysis())
    DispatchQueue.concurrentPerform(iterations: programs.count) { number in
      box.store(number, Self.analyze(programs[number], number, in: work))
    }
    return box.results
  }

  static func source(_ module: GenModule, _ number: Int, in work: String) -> String {
    "\(work)/src/\(module.name)/P\(number).swift"
  }

  private static func analyze(_ program: GeneratedProgram, _ number: Int, in work: String) -> Analysis {
    var analysis = Analysis()
    let directory = "\(work)/analysis/P\(number)"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var interfaces: [String] = []
    for module in program.modules {
      let interface = "\(directory)/\(module.name).implicitinterface"
      let support = "\(directory)/\(module.name).implicits.swift"
      let arguments =
        ["analyze", "--module-name", module.name, "--emit-interface", interface, "--emit-support-file", support,
         "--diagnostics-format", "json"] + interfaces.flatMap { ["--dependency-interface", $0] }
        + [source(module, number, in: work)]
      guard let result = try? CommandLineTool.run(arguments, in: work) else {
        analysis.failure = "could not start 'implicits analyze'"
        return analysis
      }
      guard result.status == 0 || result.status == 1 else {
        analysis.approved = false
        analysis.failure = "'implicits analyze' of \(module.name) exited with \(result.status):\n\(result.errors.suffix(2000))"
        return analysis
      }
      if result.status != 0 { analysis.approved = false }
      analysis.diagnostics += (try? JSONDecoder().decode([CorpusProgram.Diagnostic].self, from: Data(result.output.utf8))) ?? []
      if FileManager.default.fileExists(atPath: interface) {
        interfaces.append(interface)
      } else {
        for later in program.modules where later > module { analysis.degraded.insert(later.name) }
      }
      // The support file is compiled with the module, as a build does.
      if FileManager.default.fileExists(atPath: support) {
        try? FileManager.default.copyItem(atPath: support, toPath: "\(work)/src/\(module.name)/P\(number).implicits.swift")
      }
    }
    return analysis
  }

  // MARK: Compilation

  enum Compilation {
    case success(String)
    /// The programs whose files the errors name, and the compiler's output.
    case failure(Set<Int>, String)
  }

  /// Compiles the programs `numbers` into one executable.
  private func compile(_ numbers: [Int], in work: String) throws -> Compilation {
    let build = "\(work)/build-\(numbers.count)"
    try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
    let runtime = try RuntimeCompiler.runtimeObjects()
    var objects: [String] = []
    let modules = GenModule.allCases.filter { module in numbers.contains { programs[$0].modules.contains(module) } }
    for module in modules {
      var sources = numbers.filter { programs[$0].modules.contains(module) }.flatMap { number in
        [Self.source(module, number, in: work), "\(work)/src/\(module.name)/P\(number).implicits.swift"]
      }.filter { FileManager.default.fileExists(atPath: $0) }
      var arguments = ["-O"] + RuntimeCompiler.importArguments(moduleName: module.name) + ["-I", build]
      if module == .app {
        let main = "\(build)/main.swift"
        try dispatcher(numbers, importsFeature: modules.contains(.feature)).write(toFile: main, atomically: true, encoding: .utf8)
        sources.append(main)
        arguments += sources + objects + runtime + ["-o", "\(build)/app"]
      } else {
        let object = "\(build)/\(module.name).o"
        arguments += ["-parse-as-library", "-emit-module", "-emit-module-path", "\(build)/\(module.name).swiftmodule", "-wmo", "-c"]
          + sources + ["-o", object]
        objects.append(object)
      }
      let result = try RuntimeCompiler.swiftc(arguments, in: work)
      guard result.status == 0 else {
        let output = result.output + result.errors
        let failed = Set(numbers.filter { !Self.errors(of: $0, in: output).isEmpty })
        return .failure(failed, output)
      }
    }
    return .success("\(build)/app")
  }

  /// The dispatcher: `app N MODE BITS` runs program N on the path BITS,
  /// by site (`s`) or by decision (`d`).
  private func dispatcher(_ numbers: [Int], importsFeature: Bool) -> String {
    var lines = ["import Core"] + (importsFeature ? ["import Feature"] : []) + [
      "let arguments = CommandLine.arguments",
      "let bySite = arguments.count > 2 && arguments[2] == \"s\"",
      "let path = (arguments.count > 3 ? Array(arguments[3]) : []).map { $0 == \"1\" }",
      "switch Int(arguments[1]) ?? -1 {",
    ]
    for number in numbers {
      let names = GenNames(program: number)
      lines.append(
        "case \(number): \(names.function("startPath"))(path, bySite: bySite); \(names.function("runProgram"))(); \(names.function("drain"))()")
    }
    lines += ["default: fatalError(\"no program \\(arguments[1])\")", "}"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The compiler's error lines about program `number`'s files.
  static func errors(of number: Int, in output: String) -> String {
    output.split(separator: "\n").filter { line in
      line.contains("/P\(number).swift:") || line.contains("/P\(number).implicits.swift:")
    }.filter { $0.contains("error:") }.joined(separator: "\n")
  }
}

/// The results of a batch, one an element, stored from several threads
/// (the analyses of `ProgramBatch`, the explorations of `PathExplorer`).
final class BatchResults<Element>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Element]

  init(count: Int, empty: Element) { stored = Array(repeating: empty, count: count) }

  func store(_ index: Int, _ element: Element) {
    lock.lock()
    stored[index] = element
    lock.unlock()
  }

  var results: [Element] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
