import Implicits

final class Console {
  private(set) var lines: [String] = []
  func write(_ line: String) { lines.append(line) }
}

final class Counters {
  private(set) var values: [String: Int] = [:]
  func set(_ name: String, _ value: Int) { values[name] = value }
}

final class Localizer {
  func translate(_ text: String) -> String { text == "Saved" ? "Gespeichert" : text }
}

/// A counter value; `verbose` also writes it to the console.
func show(_ value: Int, verbose: Bool = false, _ scope: ImplicitScope) {
  @Implicit var counters: Counters
  counters.set("last", value)
  if verbose {
    trace(scope, "value", String(value))
  }
}

/// A user-facing message, translated.
func show(_ message: String, _ scope: ImplicitScope) {
  @Implicit var localizer: Localizer
  trace(scope, localizer.translate(message))
}

/// Console lines from any number of parts.
func trace(_ scope: ImplicitScope, _ parts: String...) {
  @Implicit var console: Console
  console.write(parts.joined(separator: " "))
}

func saveDocument(_ scope: ImplicitScope) {
  trace(scope)
  trace(scope, "saving", "notes.txt")
  show(3, scope)
  show(4, verbose: true, scope)
  show("Saved", scope)
}

func runEditor() -> ([String], [String: Int]) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var console = Console()
  @Implicit var counters = Counters()
  @Implicit var localizer = Localizer()
  saveDocument(scope)
  return (console.lines, counters.values)
}
