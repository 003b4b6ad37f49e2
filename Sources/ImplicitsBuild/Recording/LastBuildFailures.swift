import ImplicitsFileSystem

/// The modules whose outputs the last builds removed because they failed,
/// or did not run because a dependency failed, each with what happened:
/// `why` says so instead of "never built". One `Module<TAB>what` line per
/// module in `state/last-failures.txt`; a build replaces the lines of the
/// modules it built and keeps the others (a build of some modules says
/// nothing new about the rest).
struct LastBuildFailures {
  var entries: [String: String] = [:]

  static func path(in layout: BuildLayout) -> String { layout.stateDirectory + "/last-failures.txt" }

  /// What the file holds; empty when it is missing or unreadable.
  static func read(in layout: BuildLayout, fileSystem: any FileSystem = LocalFileSystem()) -> LastBuildFailures {
    guard let bytes = try? fileSystem.read(path(in: layout)) else { return LastBuildFailures() }
    var failures = LastBuildFailures()
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      if parts.count == 2 { failures.entries[String(parts[0])] = String(parts[1]) }
    }
    return failures
  }

  /// Replaces the entries of the modules of `outcomes`: a failed one (not
  /// on warnings only: its outputs stay), or one that did not run because
  /// a module it depends on failed, gets one.
  mutating func record(_ outcomes: [String: ModuleOutcome], removed: Set<String>) {
    for (name, outcome) in outcomes {
      entries[name] = nil
      guard removed.contains(name) else { continue }
      switch outcome.status {
      case .failed:
        let errors = outcome.diagnostics.filter { $0.severity == .error }.count
        entries[name] =
          outcome.isUnusable
          ? "failed in the last build: its inputs were unusable"
          : "failed in the last build with \(errors) error\(errors == 1 ? "" : "s")"
      case .notRun:
        entries[name] = "was not analyzed in the last build: \(outcome.explanation)"
      default:
        break
      }
    }
  }

  /// Writes the file (removes it when there is nothing to say).
  func write(in layout: BuildLayout, fileSystem: any FileSystem) throws(FileError) {
    let path = Self.path(in: layout)
    guard !entries.isEmpty else {
      fileSystem.remove(path)  // nothing to say: a missing file says it
      return
    }
    let text = entries.keys.sorted().map { name in
      name + "\t" + entries[name]!.replacingTabsAndNewlines() + "\n"
    }.joined()
    try fileSystem.write(Array(text.utf8), to: path)
  }
}

extension String {
  fileprivate func replacingTabsAndNewlines() -> String {
    String(map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
  }
}
