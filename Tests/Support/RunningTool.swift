import Foundation

/// The tool started and watched while it runs: the tests of stopped
/// clients and servers wait for what it prints (an event), send it
/// signals, and read how it ended. Each wait is woken by what it waits
/// for (a read from a pipe, its end, the process's end); its time limit is
/// a safety net only.
package final class RunningTool: @unchecked Sendable {
  package let process = Process()
  /// Guards what was read and what ended, and wakes the waits.
  private let condition = NSCondition()
  private var output = Data()
  private var errors = Data()
  private var errorsEnded = false
  private var ended = false
  private let read = DispatchGroup()

  package init(
    _ arguments: [String], in directory: String, environment: [String: String],
    executable: URL = CommandLineTool.executable
  ) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let (outputPipe, errorPipe) = (Pipe(), Pipe())
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.terminationHandler = { [weak self] _ in self?.update { $0.ended = true } }
    try process.run()
    for (pipe, isOutput) in [(outputPipe, true), (errorPipe, false)] {
      read.enter()
      Thread.detachNewThread { [self] in
        while case let data = pipe.fileHandleForReading.availableData, !data.isEmpty {
          update { if isOutput { $0.output += data } else { $0.errors += data } }
        }
        if !isOutput { update { $0.errorsEnded = true } }
        read.leave()
      }
    }
  }

  package var pid: pid_t { process.processIdentifier }

  /// What it wrote to standard error so far.
  package var errorsSoFar: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: errors, as: UTF8.self)
  }

  /// Waits until standard error shows `text`; false when it closed first
  /// (the process ended), or the safety net of `seconds` ran out.
  @discardableResult
  package func waitForErrors(containing text: String, seconds: Double = 120) -> Bool {
    wait(seconds: seconds) { $0.errorsEnded || String(decoding: $0.errors, as: UTF8.self).contains(text) }
    return errorsSoFar.contains(text)
  }

  /// Waits for the end (killed after `seconds`, a safety net) and says
  /// how it ended.
  package func finish(seconds: Double = 120) -> CommandLineTool.Result {
    if !wait(seconds: seconds, until: { $0.ended }) { kill(pid, SIGKILL) }
    process.waitUntilExit()
    read.wait()
    condition.lock()
    defer { condition.unlock() }
    return CommandLineTool.Result(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  /// Changes what was read or ended, and wakes the waits.
  private func update(_ change: (RunningTool) -> Void) {
    condition.lock()
    change(self)
    condition.broadcast()
    condition.unlock()
  }

  /// Waits, woken by each change, until `done` holds; false when the
  /// safety net of `seconds` ran out first.
  @discardableResult
  private func wait(seconds: Double, until done: (RunningTool) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while !done(self) {
      if !condition.wait(until: deadline) { return done(self) }
    }
    return true
  }
}
