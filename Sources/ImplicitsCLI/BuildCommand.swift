import ArgumentParser
import Foundation
import ImplicitsAnalysis
import ImplicitsBuild
import ImplicitsManifest

/// `implicits build`: a whole project from a manifest.
struct BuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Analyze every module of a manifest in dependency order, in parallel, redoing only what changed.",
    discussion: """
      Validates the whole manifest, the module graph and every external interface before the first analysis. \
      Progress goes to standard error, diagnostics to standard output.
      """)

  @OptionGroup var location: ManifestOptions

  @Option(
    name: [.customShort("j", allowingJoined: true), .customLong("jobs")],
    help: ArgumentHelp("Parallel analyses (default, and 0: the number of cores).", valueName: "n"))
  var jobs: Int?

  @Option(name: .customShort("D"), parsing: .unconditionalSingleValue, help: ArgumentHelp("An active compilation condition for every module, as swiftc -D (repeatable).", valueName: "name"))
  var defines: [String] = []

  @Option(name: .customLong("configuration"), help: "The manifest configuration to build (default: its first).")
  var configuration: String?

  @Flag(name: .customLong("verbose"), help: "One line per module, up-to-date ones too, instead of the status line.")
  var verbose = false

  @Flag(name: .customLong("quiet"), help: "Print diagnostics only, and the summary when the build failed.")
  var quiet = false


  @Flag(name: .customLong("keep-going"), help: "Keep analyzing modules that do not depend on a failed one.")
  var keepGoing = false

  @Option(name: .customLong("output-dir"), help: "Overrides the manifest's output-dir.")
  var outputDirectory: String?

  @Flag(help: "Say why each module is analyzed or skipped.")
  var explain = false

  @OptionGroup var diagnosticOptions: DiagnosticOptions

  @Option(name: .customLong("build-report"), help: "Write a JSON report of the build here.")
  var buildReport: String?

  @OptionGroup(title: "Modules (default: all)") var modules: ModuleSelection

  func validate() throws {
    if let jobs, jobs < 0 { throw ValidationError("-j takes a number of parallel analyses, 1 or more (0: the number of cores)") }
    if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
    for define in defines {
      if let message = CompilationCondition.message(about: define) { throw ValidationError("-D: " + message) }
    }
  }

  func run() throws {
    diagnosticOptions.applyToConsole()
    let interruption = BuildInterruption()
    interruption.install()
    let manifest = try location.resolve()
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var options = BuildOptions(
      manifestPath: manifest, jobs: jobs.map { $0 == 0 ? cores : $0 } ?? cores, keepGoing: keepGoing,
      outputDirectory: outputDirectory, explain: explain, diagnosticsFormat: diagnosticOptions.format, reportPath: buildReport,
      modules: modules.all)
    options.defines = defines
    options.configuration = configuration
    options.warningsAsErrors = diagnosticOptions.warningsAsErrors
    options.colorDiagnostics = diagnosticOptions.colorsOutput
    options.workerExecutable = Bundle.main.executablePath
    let terminal = Terminal.standardError
    options.progressStyle =
      quiet ? .quiet : verbose ? .verbose : terminal.isInteractive ? .statusLine : .lines
    var console = BuildConsole(output: { Console.output($0) }, progress: { Console.error($0) })
    if options.progressStyle == .statusLine {
      console.status = { Console.raw($0) }
      console.terminalWidth = { terminal.width }
    }
    let status = BuildRunner.run(options, console: console, interruption: interruption)
    if status != 0 { throw ExitStatus(code: status) }
  }
}

/// `implicits build-worker`: analyzes the modules `implicits build` sends
/// it (not for people: the protocol is the build's own).
struct BuildWorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build-worker", abstract: "Analyze modules for 'implicits build' (internal).", shouldDisplay: false)

  func run() throws {
    let status = AnalysisWorker.serve()
    if status != 0 { throw ExitStatus(code: status) }
  }
}

/// `implicits graph`.
struct GraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Print the modules in build order (text), the graph for Graphviz (dot), or both (json).")

  @OptionGroup var location: ManifestOptions

  @Option(help: "text, dot (drawn as its transitive reduction) or json.")
  var format: GraphRenderer.Format = .text

  @Flag(help: "Show the modules that depend on MODULE instead of those it depends on.")
  var reverse = false

  @OptionGroup(title: "Module (default: all)") var selection: ModuleSelection

  func validate() throws {
    let module = try selection.single(required: false, command: "graph")
    if reverse && module == nil { throw ValidationError("--reverse needs a module: 'implicits graph MODULE --reverse'") }
  }

  func run() throws {
    let module = try selection.single(required: false, command: "graph")
    let manifest = try location.resolve()
    switch Preflight.check(manifestPath: manifest, selecting: module.map { [$0] } ?? [], resolvingSources: false) {
    case .success(let preflight):
      Console.output(
        GraphRenderer.render(
          preflight.graph, as: format, selection: GraphRenderer.Selection(module: module, reverse: reverse)))
    case .failure(let failure):
      for message in failure.messages { Console.error(message) }
      throw ExitStatus.unusable
    }
  }
}

extension GraphRenderer.Format: ExpressibleByArgument {}

/// `implicits why`.
struct WhyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "why",
    abstract: "Show the public functions of a module that require a key, each with one call chain down to the read.",
    discussion: """
      Reads the interfaces and the analysis records of the last build (run 'implicits build' first). \
      KEY is a type key's name ('DiscountCard', 'Core.DiscountCard') or a named key ('\\.apiBaseURL'). \
      Exits 1 when no public function of the module requires the key.
      """)

  @Argument(help: "The key: a type name or a named key (\\.name).")
  var key: String

  @OptionGroup(title: "Module") var selection: ModuleSelection

  @OptionGroup var location: ManifestOptions

  @Option(name: .customLong("configuration"), help: "The manifest configuration the build used (default: its first).")
  var buildConfiguration: String?

  @Option(name: .customLong("output-dir"), help: "Overrides the manifest's output-dir, as for build.")
  var outputDirectory: String?

  func validate() throws {
    _ = try selection.single(required: true, command: "why")
  }

  func run() throws {
    let module = try selection.single(required: true, command: "why")!
    let manifest = try location.resolve()
    let preflight: Preflight
    switch Preflight.check(
      manifestPath: manifest, outputDirectory: outputDirectory.map(BuildRunner.absolutePath),
      configuration: buildConfiguration)
    {
    case .success(let checked):
      preflight = checked
    case .failure(let failure):
      for message in failure.messages { Console.error(message) }
      throw ExitStatus.unusable
    }
    switch RequirementExplainer(preflight: preflight).explain(key: key, module: module) {
    case .success(let explanation):
      Console.output(explanation.text)
      if !explanation.found { throw ExitStatus.failure }
    case .failure(let failure):
      Console.error(failure.message)
      throw ExitStatus.unusable
    }
  }
}
