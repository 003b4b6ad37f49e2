import ArgumentParser
import Foundation
import ImplicitsAnalysis
import ImplicitsBuild

/// `implicits build`: a whole project from a manifest.
struct BuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Analyze every module of a manifest in dependency order, in parallel, redoing only what changed.",
    discussion: """
      Validates the whole manifest, the module graph and every external interface before the first analysis. \
      Progress goes to standard error, diagnostics to standard output.
      """)

  @Option(name: .customLong("manifest"), help: "The module manifest.")
  var manifest: String = "implicits.yaml"

  @Option(name: .customShort("j"), help: "Parallel analyses (default: the number of cores).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Flag(name: .customLong("keep-going"), help: "Keep analyzing modules that do not depend on a failed one.")
  var keepGoing = false

  @Option(name: .customLong("output-dir"), help: "Overrides the manifest's output-dir.")
  var outputDirectory: String?

  @Flag(help: "Say why each module is analyzed or skipped.")
  var explain = false

  @Option(name: .customLong("diagnostics-format"), help: "swiftc or json.")
  var diagnosticsFormat: DiagnosticFormat = .swiftc

  @Option(name: .customLong("build-report"), help: "Write a JSON report of the build here.")
  var buildReport: String?

  @Argument(help: "Only these modules and what they depend on.")
  var modules: [String] = []

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("-j takes a number of parallel analyses, 1 or more") }
  }

  func run() throws {
    let interruption = BuildInterruption()
    interruption.install()
    let status = BuildRunner.run(
      BuildOptions(
        manifestPath: manifest, jobs: jobs, keepGoing: keepGoing, outputDirectory: outputDirectory, explain: explain,
        diagnosticsFormat: diagnosticsFormat, reportPath: buildReport, modules: modules),
      console: BuildConsole(output: { Console.output($0) }, progress: { Console.error($0) }),
      interruption: interruption)
    if status != 0 { throw ExitStatus(code: status) }
  }
}

/// `implicits graph`.
struct GraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Print the modules in build order (text), the graph for Graphviz (dot), or both (json).")

  @Option(name: .customLong("manifest"), help: "The module manifest.")
  var manifest: String = "implicits.yaml"

  @Option(help: "text, dot or json.")
  var format: GraphRenderer.Format = .text

  func run() throws {
    switch Preflight.check(manifestPath: manifest) {
    case .success(let preflight):
      Console.output(GraphRenderer.render(preflight.graph, as: format))
    case .failure(let failure):
      for message in failure.messages { Console.error(message) }
      throw ExitStatus.unusable
    }
  }
}

extension GraphRenderer.Format: ExpressibleByArgument {}
