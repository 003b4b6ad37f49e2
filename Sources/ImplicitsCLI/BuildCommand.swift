import ArgumentParser
import Foundation
import ImplicitsAnalysis
import ImplicitsBuild
import ImplicitsBuildServer
import ImplicitsManifest
import ImplicitsToolSupport

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

  @OptionGroup var selection: BuildSelectionOptions

  @Flag(name: .customLong("verbose"), help: "One line per module, up-to-date ones too, instead of the status line.")
  var verbose = false

  @Flag(name: .customLong("quiet"), help: "Print diagnostics only, and the summary when the build failed.")
  var quiet = false

  @Flag(name: .customLong("keep-going"), help: "Keep analyzing modules that do not depend on a failed one.")
  var keepGoing = false

  @Flag(help: "Say why each module is analyzed or skipped.")
  var explain = false

  @OptionGroup var diagnosticOptions: DiagnosticOptions

  @Option(name: .customLong("build-report"), help: "Write a JSON report of the build here.")
  var buildReport: String?

  @Flag(
    help: """
      Run the build in the build server, which keeps each module's analysis in memory for the next build (started \
      when none runs; 'implicits build-server --stop' ends it).
      """)
  var server = false

  @Option(
    name: .customLong("server-idle-timeout"),
    help: ArgumentHelp("A build server started by this build ends after this many seconds without a build.", valueName: "seconds"))
  var serverIdleTimeout = BuildServerCommand.defaultIdleTimeout

  @OptionGroup(title: "Modules (default: all)") var modules: ModuleSelection

  func validate() throws {
    if let jobs, jobs < 0 { throw ValidationError("-j takes a number of parallel analyses, 1 or more (0: the number of cores)") }
    if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
    if serverIdleTimeout < 1 { throw ValidationError("--server-idle-timeout takes a number of seconds, 1 or more") }
  }

  func run() throws {
    diagnosticOptions.applyToConsole()
    let interruption = BuildInterruption()
    interruption.install()
    let manifest = try location.resolve()
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var options = BuildOptions(
      manifestPath: manifest, jobs: jobs.map { $0 == 0 ? cores : $0 } ?? cores, keepGoing: keepGoing,
      outputDirectory: selection.absoluteOutputDirectory, explain: explain, diagnosticsFormat: diagnosticOptions.format, reportPath: buildReport,
      modules: modules.all)
    options.defines = selection.defines
    options.configuration = selection.configuration
    options.warningsAsErrors = diagnosticOptions.warningsAsErrors
    options.colorDiagnostics = diagnosticOptions.colorsOutput
    options.workerExecutable = ToolExecutable.running
    options.keepsMemoryUntilExit = true
    let terminal = Terminal.standardError
    options.progressStyle =
      quiet ? .quiet : verbose ? .verbose : terminal.isInteractive ? .statusLine : .lines
    var console = BuildConsole(output: { Console.output($0) }, progress: { Console.error($0) })
    if options.progressStyle == .statusLine {
      console.status = { Console.raw($0) }
      console.terminalWidth = { terminal.width }
    }
    if server, let executable = ToolExecutable.running {
      switch BuildServerClient.build(
        options, executable: executable, idleSeconds: Double(serverIdleTimeout),
        terminalWidth: options.progressStyle == .statusLine ? terminal.width : nil, console: console, interruption: interruption)
      {
      case .built(let status):
        try status.orThrow()
        return
      case .unavailable(let why, let printed):
        Console.error("implicits: \(why); building without the build server")
        console = printed.omitted(from: console)
      }
    }
    let status = BuildRunner.run(options, console: console, interruption: interruption)
    try status.orThrow()
  }
}

/// `implicits build-worker`: analyzes the modules `implicits build` sends
/// it (not for people: the protocol is the build's own).
struct BuildWorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build-worker", abstract: "Analyze modules for 'implicits build' (internal).", shouldDisplay: false)

  func run() throws {
    let status = AnalysisWorker.serve()
    try status.orThrow()
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
    let manifest = try location.resolve(readingBuilds: true)
    let preflight = try Preflight.check(
      manifestPath: manifest, selecting: module.map { [$0] } ?? [], resolvingSources: false
    ).checkedByCommand()
    Console.output(
      GraphRenderer.render(preflight.graph, as: format, selection: GraphRenderer.Selection(module: module, reverse: reverse)))
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

  @OptionGroup(title: "Module") var module: ModuleSelection

  @OptionGroup var location: ManifestOptions

  @OptionGroup var selection: BuildSelectionOptions

  func validate() throws {
    _ = try module.single(required: true, command: "why")
  }

  func run() throws {
    let module = try self.module.single(required: true, command: "why")!
    let preflight = try selection.preflight(manifest: try location.resolve(readingBuilds: true))
    switch RequirementExplainer(preflight: preflight).explain(key: key, module: module) {
    case .success(let explanation):
      Console.output(explanation.text)
      if !explanation.found { throw ExitStatus.failure }
    case .failure(let failure):
      Console.report(failure)
      throw ExitStatus.unusable
    }
  }
}
