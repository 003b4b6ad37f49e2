import ImplicitsToolSupport
import Foundation
import ImplicitsAnalysis

/// How `implicits build` shows its progress.
public enum ProgressStyle: String, Sendable {
  /// A terminal: one status line on standard error, rewritten in place
  /// (`[12/60] Analyzing FeatureKit, CoreUI…`); diagnostics and failures
  /// print above it.
  case statusLine
  /// Not a terminal: one line per module analyzed or failed.
  case lines
  /// `--verbose`: one line per module, up-to-date ones too.
  case verbose
  /// `--quiet`: diagnostics, and the summary only when the build failed.
  case quiet
}

/// Everything a build prints while it runs, from any worker thread, one
/// message at a time: progress lines or the status line, diagnostics,
/// errors. Diagnostics of a streamed format print as each module
/// finishes; the others are kept for one document at the end.
final class BuildProgress: Sendable {
  private let screen: LockedValue<ProgressScreen>

  init(console: BuildConsole, style: ProgressStyle, total: Int) {
    screen = LockedValue(ProgressScreen(console: console, style: style, total: total))
  }

  /// A module found it has to be analyzed.
  func started(_ module: String) { screen.withLock { $0.started(module) } }

  /// A module finished; `diagnostics` are printed now (already rendered,
  /// empty when the format prints at the end).
  func finished(_ module: String, _ outcome: ModuleOutcome, count: Int, explanation: String?, diagnostics: String) {
    screen.withLock { $0.finished(module, outcome, count: count, explanation: explanation, diagnostics: diagnostics) }
  }

  /// A message on standard error, above the status line.
  func message(_ text: String) { screen.withLock { $0.message(text) } }

  /// Text on standard output, above the status line.
  func output(_ text: String) { screen.withLock { $0.output(text) } }

  /// Ctrl-C: says that the build stops, what it killed and what it
  /// waits for, and how to stop at once.
  func interrupted(stoppedAnalyses: Int) { screen.withLock { $0.interrupted(stoppedAnalyses: stoppedAnalyses) } }

  /// The build is over: the status line goes away.
  func end() { screen.withLock { $0.clearStatus() } }
}

/// What the progress shows, changed under `BuildProgress`'s lock.
private struct ProgressScreen {
  let console: BuildConsole
  let style: ProgressStyle
  let total: Int
  private var finished = 0
  /// Modules being analyzed now, in the order they started.
  private var analyzing: [String] = []
  private var statusShown = false
  /// Ctrl-C was pressed: the status line says what the build waits for.
  private var stopping = false

  init(console: BuildConsole, style: ProgressStyle, total: Int) {
    self.console = console
    self.style = style
    self.total = total
  }

  mutating func started(_ module: String) {
    analyzing.append(module)
    drawStatus()
  }

  mutating func finished(_ module: String, _ outcome: ModuleOutcome, count: Int, explanation: String?, diagnostics: String) {
    finished = count
    analyzing.removeAll { $0 == module }
    let prefix = "[\(count)/\(total)]"
    let line: String? =
      switch (outcome.status, style) {
      case (.analyzed, .lines), (.analyzed, .verbose):
        "\(prefix) Analyzed \(module) (\(BuildRunner.seconds(outcome.seconds)))"
      case (.upToDate, .verbose): "\(prefix) Up to date \(module)"
      case (.failed, .lines), (.failed, .verbose), (.failed, .statusLine):
        "\(prefix) Failed \(module) (\(BuildRunner.seconds(outcome.seconds)))"
      default: nil
      }
    var messages = [line, explanation].compactMap { $0 }
    messages += outcome.errors.map(\.rendered)
    if !messages.isEmpty || !diagnostics.isEmpty { clearStatus() }
    for message in messages { console.progress(message) }
    if !diagnostics.isEmpty { console.output(diagnostics) }
    drawStatus()
  }

  mutating func message(_ text: String) {
    clearStatus()
    console.progress(text)
    drawStatus()
  }

  mutating func output(_ text: String) {
    clearStatus()
    console.output(text)
    drawStatus()
  }

  mutating func interrupted(stoppedAnalyses: Int) {
    stopping = true
    let killed =
      stoppedAnalyses == 0
      ? "" : "; stopped \(stoppedAnalyses) running analys\(stoppedAnalyses == 1 ? "is" : "es") (\(analyzing.joined(separator: ", ")))"
    clearStatus()
    console.progress("implicits: interrupted: no module starts\(killed); Ctrl-C again to quit at once")
    drawStatus()
  }

  private mutating func drawStatus() {
    guard style == .statusLine, let width = console.terminalWidth?() else { return }
    let text = StatusLine.text(finished: finished, total: total, analyzing: analyzing, stopping: stopping, width: width)
    console.status("\r" + text + "\u{1B}[K")
    statusShown = true
  }

  mutating func clearStatus() {
    guard statusShown else { return }
    console.status("\r\u{1B}[K")
    statusShown = false
  }
}

/// The text of the status line, cut to the terminal's width.
enum StatusLine {
  static func text(finished: Int, total: Int, analyzing: [String], stopping: Bool = false, width: Int) -> String {
    let prefix = "[\(finished)/\(total)] "
    let text =
      stopping
      ? prefix + "Stopping: waiting for " + (analyzing.isEmpty ? "the checks that run" : analyzing.joined(separator: ", "))
        + " (Ctrl-C again: quit now)"
      : analyzing.isEmpty ? prefix + "Checking" : prefix + "Analyzing " + analyzing.joined(separator: ", ")
    // One column is kept free, so that the cursor never wraps.
    let room = max(width - 1, prefix.count + 2)
    let characters = Array(text)
    guard characters.count > room else { return text }
    return String(characters.prefix(room - 1)) + "…"
  }
}
