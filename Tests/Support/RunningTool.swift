import Foundation

/// The tool started and watched while it runs: the tests of stopped
/// clients and servers wait for what it prints (an event), send it
/// signals, and read how it ended.
package final class RunningTool: @unchecked Sendable {
  package let process = Process()
  private let lock = NSLock()
  private var output = Data()
  private var errors = Data()
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
    try process.run()
    for (pipe, isOutput) in [(outputPipe, true), (errorPipe, false)] {
      read.enter()
      Thread.detachNewThread { [self] in
        while case let data = pipe.fileHandleForReading.availableData, !data.isEmpty {
          lock.withLock { if isOutput { output += data } else { errors += data } }
        }
        read.leave()
      }
    }
  }

  package var pid: pid_t { process.processIdentifier }

  /// What it wrote to standard error so far.
  package var errorsSoFar: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }

  /// Waits until standard error shows `text`; false when the process
  /// ended first (or the safety net of `seconds` ran out).
  @discardableResult
  package func waitForErrors(containing text: String, seconds: Double = 120) -> Bool {
    ProcessTable.waitUntil(seconds: seconds) { errorsSoFar.contains(text) || !process.isRunning }
    return errorsSoFar.contains(text)
  }

  /// Waits for the end (killed after `seconds`, a safety net) and says
  /// how it ended.
  package func finish(seconds: Double = 120) -> CommandLineTool.Result {
    if !ProcessTable.waitUntil(seconds: seconds, { !process.isRunning }) { kill(pid, SIGKILL) }
    process.waitUntilExit()
    read.wait()
    return lock.withLock {
      CommandLineTool.Result(
        status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
        errors: String(decoding: errors, as: UTF8.self))
    }
  }
}
