import Foundation

/// What Linux's `/proc` says of processes: the tests of killed builds and
/// stopped clients and servers watch states (running, stopped, ended)
/// instead of waiting for a time.
package enum ProcessTable {
  /// The state letter of `pid` (`R`, `S`, `T` stopped, `Z` ended and not
  /// yet reaped); nil when there is no such process.
  package static func state(of pid: pid_t) -> Character? {
    guard let fields = statFields(of: pid) else { return nil }
    return fields.first.flatMap(\.first)
  }

  /// Whether `pid` ended (gone, or a zombie no one reaped yet).
  package static func hasEnded(_ pid: pid_t) -> Bool {
    let state = state(of: pid)
    return state == nil || state == "Z" || state == "X"
  }

  /// The processes whose parent is `pid` and whose command line contains
  /// `argument`.
  package static func children(of pid: pid_t, running argument: String) -> [pid_t] {
    processes(withArgumentContaining: argument).filter { child in
      guard let fields = statFields(of: child), fields.count > 1 else { return false }
      return pid_t(fields[1]) == pid
    }
  }

  /// The processes with an argument that contains `text`.
  package static func processes(withArgumentContaining text: String) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.filter { process in
      let commandLine = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(process)/cmdline"))) ?? Data()
      return commandLine.split(separator: 0).contains { String(decoding: $0, as: UTF8.self).contains(text) }
    }
  }

  /// A number of `/proc/PID/status` (`Threads`, `VmRSS` and `VmHWM` in kB).
  package static func status(_ key: String, of pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
      return Int(line.dropFirst(key.count + 1).split(whereSeparator: \.isWhitespace).first ?? "")
    }
    return nil
  }

  /// Waits until `condition` holds; false when it did not within
  /// `seconds` (a safety net: the tests wait for events, not for times).
  @discardableResult
  package static func waitUntil(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
      if Date() > deadline { return false }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return true
  }

  /// The fields of `/proc/PID/stat` after the command's name: state, parent, …
  private static func statFields(of pid: pid_t) -> [Substring]? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    return text[text.index(after: close)...].split(separator: " ")
  }
}
