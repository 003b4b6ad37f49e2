import ArgumentParser
import Foundation
import ImplicitsAnalysis

/// When the tool colours what it prints.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
  /// On a terminal, unless `NO_COLOR` is set (not empty) or `TERM` is
  /// `dumb` or unset; never into a pipe or a file.
  case auto
  case always
  case never

  /// Whether text written to `descriptor` is coloured.
  func colors(_ descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      return Terminal(descriptor: descriptor).isInteractive
    }
  }
}

/// The options of the commands that print diagnostics (`analyze`,
/// `build`): one spelling each, the same in both.
struct DiagnosticOptions: ParsableArguments {
  @Option(
    name: [.customLong("diagnostics-format"), .customLong("format")],
    help: ArgumentHelp(
      "swiftc, json, sarif, github (workflow commands), checkstyle or junit (XML reports).", valueName: "format"))
  var format: DiagnosticFormat = .swiftc

  @Option(
    name: .customLong("color"),
    help: ArgumentHelp(
      "Colour diagnostics and messages: auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always or never.",
      valueName: "when"))
  var color: ColorChoice = .auto

  @Flag(name: .customLong("warnings-as-errors"), help: "Treat warnings as errors: print them as errors, exit 1.")
  var warningsAsErrors = false

  /// Whether diagnostics on standard output are coloured (`swiftc` only).
  var colorsOutput: Bool { format == .swiftc && color.colors(STDOUT_FILENO) }

  /// Whether messages on standard error are coloured; sets `Console`'s.
  func applyToConsole() {
    Console.coloredErrors = color.colors(STDERR_FILENO)
  }
}

/// The module a command is about: as its positional argument or with
/// `--module`, in every command that takes one.
struct ModuleSelection: ParsableArguments {
  @Argument(help: ArgumentHelp("The module (or --module NAME).", valueName: "module"))
  var positional: [String] = []

  @Option(name: .customLong("module"), help: ArgumentHelp("The module, as the positional argument.", valueName: "name"))
  var named: [String] = []

  /// Both spellings, in the order given.
  var all: [String] { positional + named }

  /// At most one module; `required`: exactly one.
  func single(required: Bool, command: String) throws -> String? {
    let modules = all
    if modules.count > 1 {
      throw ValidationError("'\(command)' takes one module, given \(modules.count): \(modules.joined(separator: ", "))")
    }
    if required && modules.isEmpty {
      throw ValidationError("'\(command)' needs a module: 'implicits \(command) … MODULE' or '--module MODULE'")
    }
    return modules.first
  }
}
