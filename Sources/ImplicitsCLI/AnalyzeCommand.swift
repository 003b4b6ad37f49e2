import ArgumentParser
import Foundation
import ImplicitsAnalysis
import ImplicitsBuild
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsManifest
import ImplicitsToolSupport

/// `implicits analyze`: one module, hermetically.
struct AnalyzeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "Analyze one module: report what is missing, write its interface and support file.",
    discussion: """
      Reads only the files named on the command line and writes only the files named by --emit-*. \
      Outputs are written only when their content changed.
      """)

  @Option(name: [.customLong("module-name"), .customLong("module")], help: "The module's name.")
  var moduleName: String

  @Option(name: .customShort("D"), parsing: .unconditionalSingleValue, help: ArgumentHelp("An active compilation condition, as swiftc -D (repeatable).", valueName: "name"))
  var conditions: [String] = []

  @Option(name: .customLong("dependency-interface"), help: "The .implicitinterface of an upstream module (repeatable).")
  var dependencyInterfaces: [String] = []

  @Option(
    name: .customLong("plugin-dependency"),
    help: ArgumentHelp("TARGET=PATH: the interface of an upstream target, from the SwiftPM plugin.", visibility: .hidden))
  var pluginDependencies: [String] = []

  @Option(name: .customLong("emit-interface"), help: "Write the module's .implicitinterface here.")
  var emitInterface: String?

  @Option(name: .customLong("emit-support-file"), help: "Write the module's generated Swift support file here.")
  var emitSupportFile: String?

  @Option(
    name: .customLong("emit-chains"),
    help: "Write one call chain for each key each function of the interface requires here, as JSON ('implicits why' reads it from <output-dir>/state/<Module>.chains.json).")
  var emitChains: String?

  @Flag(name: .customLong("enable-exporting"), help: "Generate explicit-argument wrappers for public scope-taking functions.")
  var enableExporting = false

  @Option(name: .customLong("sources-root"), help: "Paths in the interface are stored relative to this directory.")
  var sourcesRoot: String = "."

  @Option(
    name: .customLong("emit-resolutions"),
    help: ArgumentHelp("Write what the analysis decided at each call and closure argument here, as JSON (for the tests that compare it with swiftc's).", visibility: .hidden))
  var emitResolutions: String?

  @OptionGroup var diagnosticOptions: DiagnosticOptions

  @Argument(help: "The module's Swift source files.")
  var sources: [String] = []

  func validate() throws {
    if let problem = SwiftIdentifier.problem(with: moduleName) {
      throw ValidationError("'\(moduleName)' is not a valid module name: \(problem)")
    }
    guard !sources.isEmpty else {
      throw ValidationError("no source files: name the module's .swift files after the options")
    }
    for condition in conditions {
      if let message = CompilationCondition.message(about: condition) { throw ValidationError("-D: " + message) }
    }
    for path in sources where !path.hasSuffix(".swift") {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw ValidationError(
          "'\(path)' is a directory: name the module's .swift files (for example '\(path)/*.swift')")
      }
      throw ValidationError("'\(path)' is not a Swift source file: name only the module's .swift files")
    }
  }

  func run() throws {
    diagnosticOptions.applyToConsole()
    let diagnosticsFormat = diagnosticOptions.format
    var pluginInterfaces: [String] = []
    for entry in pluginDependencies {
      let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { throw ValidationError("--plugin-dependency takes TARGET=PATH") }
      let (target, path) = (parts[0], parts[1])
      if !FileManager.default.fileExists(atPath: path) {
        Console.report(ToolFailure.dependencyWithoutInterface(target: moduleName, dependency: target))
        throw ExitStatus.unusable
      }
      pluginInterfaces.append(path)
    }
    let upstream: [InterfaceFile]
    switch Result(catching: { () throws(InterfaceError) in
      try InterfaceLoading.load(dependencyInterfaces + pluginInterfaces, for: moduleName)
    }) {
    case .success(let files):
      upstream = files
    case .failure(let error):
      Console.report(error)
      throw ExitStatus.unusable
    }
    var inputs: [SourceInput] = []
    var unreadable: [SourceReadError] = []
    for path in sources {
      do {
        inputs.append(try SourceInput.load(path: path, sourcesRoot: sourcesRoot))
      } catch {
        unreadable.append(error)
      }
    }
    guard unreadable.isEmpty else {
      for error in unreadable {
        Console.report(ToolFailure.module(moduleName, error))
      }
      throw ExitStatus.unusable
    }
    var request = AnalysisRequest(
      moduleName: moduleName, sources: inputs, conditions: conditions, upstream: upstream, enableExporting: enableExporting)
    request.recordsResolutions = emitResolutions != nil
    let result = Analyzer.analyze(request)
    if let emitResolutions, let log = result.resolutions {
      do {
        _ = try AtomicFileWriter.write(Array(log.json.renderedCompactly.utf8), to: emitResolutions)
      } catch {
        Console.report(ToolFailure.module(moduleName, error))
        throw ExitStatus.unusable
      }
    }
    let diagnostics = diagnosticOptions.warningsAsErrors ? result.diagnostics.warningsAsErrors() : result.diagnostics
    if !diagnostics.isEmpty || !diagnosticsFormat.isStreamed {
      Console.output(DiagnosticRenderer(colored: diagnosticOptions.colorsOutput).render(diagnostics, as: diagnosticsFormat))
    }
    if diagnostics.hasErrors { throw ExitStatus.failure }
    do {
      try ModuleOutputs.write(result, interfacePath: emitInterface, supportFilePath: emitSupportFile)
      if let emitChains {
        try AtomicFileWriter.write(ChainsFile.bytes(result.chains, interface: result.encodedInterface.fingerprint), to: emitChains)
      }
    } catch {
      Console.report(ToolFailure.module(moduleName, error))
      throw ExitStatus.unusable
    }
  }
}

extension DiagnosticFormat: ExpressibleByArgument {}
