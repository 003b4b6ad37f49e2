import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsManifest

/// The build's errors of its inputs and surroundings (not diagnostics of
/// the code), each worded here: what is wrong and what to do.
extension ToolFailure {
  /// A module named on the command line that the manifest lacks.
  static func noModule(named module: String, in manifest: Manifest) -> ToolFailure {
    let suggestion = NameSuggestions.didYouMean(module, among: manifest.modules.map(\.name))
    return ToolFailure("no module named '\(module)' in \(manifest.path)\(suggestion)")
  }

  /// The last line of a pre-flight that found problems.
  static func buildDidNotStart(problems: Int) -> ToolFailure {
    ToolFailure("the build did not start: fix the \(problems == 1 ? "problem" : "\(problems) problems") above")
  }

  static func cannotLock(outputDirectory: String, _ error: FileError) -> ToolFailure {
    ToolFailure("cannot lock the output directory '\(outputDirectory)': \(error.reason)")
  }

  static func lockHolderStopped(_ process: Int32, outputDirectory: String) -> ToolFailure {
    ToolFailure(
      "process \(process) holds the output directory '\(outputDirectory)' and is stopped, so it would be waited for "
        + "forever: resume it ('kill -CONT \(process)') or end it ('kill \(process)'), then build again")
  }

  static func cannotUseBuildDatabase(_ error: any Error) -> ToolFailure {
    ToolFailure("cannot use the build database: \(error): remove what is at that path, or make the output directory writable")
  }

  static func cannotWriteBuildDatabase(_ error: any Error) -> ToolFailure {
    ToolFailure("cannot write the build database: \(error)")
  }

  static func cannotWriteBuildReport(to path: String, _ error: any Error) -> ToolFailure {
    ToolFailure("cannot write the build report to '\(path)': \(error)")
  }

  /// An upstream interface the module's analysis read is unusable.
  static func cannotAnalyze(module: String, _ why: String) -> ToolFailure {
    ToolFailure("module '\(module)' cannot be analyzed: \(why)")
  }

  static func unreadableSource(module: String, _ error: FileError) -> ToolFailure {
    ToolFailure("module '\(module)': cannot read source file '\(error.path)': \(error.reason)")
  }

  static func cannotStartWorker(module: String, executable: String, _ error: any Error) -> ToolFailure {
    ToolFailure("module '\(module)': cannot start a worker process ('\(executable) build-worker'): \(error)")
  }

  static func cannotWriteOutputs(module: String, _ error: any Error) -> ToolFailure {
    ToolFailure("module '\(module)': cannot write its outputs: \(error)")
  }

  /// `implicits why` on a module whose outputs the last build removed
  /// (`what`: how it failed or why it did not run).
  static func noInterface(module: String, _ what: String, in outputDirectory: String) -> ToolFailure {
    ToolFailure(
      "module '\(module)' \(what), so it has no interface in \(outputDirectory): fix "
        + (what.hasPrefix("failed") ? "its errors" : "the module that failed") + " and run 'implicits build' again")
  }

  static func notBuilt(module: String, in outputDirectory: String) -> ToolFailure {
    ToolFailure("module '\(module)' has not been built in \(outputDirectory): run 'implicits build' first")
  }

  static func noUsableInterface(module: String, _ why: String) -> ToolFailure {
    ToolFailure("module '\(module)' has no usable interface (\(why)): run 'implicits build' first")
  }

  static func noCurrentAnalysis(module: String, in outputDirectory: String) -> ToolFailure {
    ToolFailure("module '\(module)' has no current analysis in \(outputDirectory): run 'implicits build' first")
  }

  /// A worker process ended without an answer (`ending`: how), while
  /// `stage` worked on a file, or before it read any.
  static func analysisCrashed(module: String, ending: String, during stage: AnalysisStage?) -> ToolFailure {
    let place = stage.map { "while \($0.rawValue) this file" } ?? "before it read any file"
    return ToolFailure(
      "The analysis of module '\(module)' crashed (\(ending)) \(place); the other modules are not affected. "
        + "This is a bug of implicits or of SwiftSyntax: please report it with the module's sources")
  }
}
