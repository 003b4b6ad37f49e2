import ArgumentParser
import Foundation
import ImplicitsAnalysis
import ImplicitsBuildServer
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsToolSupport

/// `implicits`: implicit parameters for Swift, checked at build time.
@main
struct ImplicitsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "implicits",
    abstract: "Checks at build time that every implicit a Swift function reads is provided.",
    discussion: """
      Exit status: 0 success; 1 the analyzed code or the checked interfaces have errors; \
      2 the invocation or the inputs are unusable.
      """,
    version: "implicits \(ToolVersion.current) (interface format \(FormatVersion.current))",
    subcommands: [
      AnalyzeCommand.self, BuildCommand.self, GenerateCommand.self, GraphCommand.self, InterfaceCommand.self, LanguageServerCommand.self,
      WhyCommand.self, BuildServerCommand.self, BuildWorkerCommand.self,
    ])

  /// Runs the command line; every failure of the invocation exits with 2.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let status as ExitStatus {  // the command said what went wrong already
      Foundation.exit(status.code)
    } catch let error as any ToolError {
      Console.report(error)
      Foundation.exit(ExitStatus.unusable.code)
    } catch {
      // ArgumentParser's own: usage errors, help, the version.
      if exitCode(for: error) == .success { exit(withError: error) }
      FileHandle.standardError.write(Data(fullMessage(for: error).utf8 + [0x0A]))
      Foundation.exit(ExitStatus.unusable.code)
    }
  }
}

/// Standard error, for messages that are not diagnostics.
enum Console {
  /// Whether `error` colours `error:` and `warning:` (set once, before
  /// anything is printed, by the commands that take `--color`).
  nonisolated(unsafe) static var coloredErrors = false

  /// Each line of `message`, its control characters (from file names)
  /// escaped, so that no message can move the cursor or forge a line.
  static func error(_ message: String) {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { DiagnosticRenderer.escapingControls(String($0)) }
      .map { coloredErrors ? TerminalStyle.message($0) : $0 }
    let text = lines.joined(separator: "\n")
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }

  /// Text on standard error as it is (the status line).
  static func raw(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// An error of the invocation or the inputs, rendered (`ToolError.rendered`).
  static func report(_ error: any ToolError) {
    self.error(error.rendered)
  }

  static func output(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
