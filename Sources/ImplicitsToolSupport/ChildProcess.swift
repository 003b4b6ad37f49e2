import Foundation
import SystemPackage

/// A child process of the tool with two pipes: what it reads on its
/// standard input, and what it writes on its standard output (its
/// standard error is the tool's). A build's worker processes and the
/// language server's supervised server are ones.
package final class ChildProcess: @unchecked Sendable {
  private let process = Process()
  private let inputPipe = Pipe()
  private let outputPipe = Pipe()
  /// Where the tool writes what the child reads.
  package let input: FileDescriptor
  /// Where the tool reads what the child writes.
  package let output: FileDescriptor

  /// Starts `executable` with `arguments`.
  package init(executable: String, arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = inputPipe
    process.standardOutput = outputPipe
    try process.run()
    input = FileDescriptor(rawValue: inputPipe.fileHandleForWriting.fileDescriptor)
    output = FileDescriptor(rawValue: outputPipe.fileHandleForReading.fileDescriptor)
  }

  /// Closes the child's input: it reads the end of it.
  package func closeInput() {
    try? inputPipe.fileHandleForWriting.close()
  }

  /// Ends the process at once with SIGKILL.
  package func kill() {
    let pid = process.processIdentifier
    if pid > 0 { _ = Foundation.kill(pid, SIGKILL) }
  }

  /// Closes its input and waits for the process to end.
  package func waitForEnd() -> ProcessEnd {
    closeInput()
    process.waitUntilExit()
    return ProcessEnd(process)
  }
}

/// How a child process ended: its exit status, or the signal that ended
/// it; in words, "signal 11, SIGSEGV" or "exit status 2".
package struct ProcessEnd: CustomStringConvertible, Sendable {
  package var status: Int32
  package var bySignal: Bool

  /// `process` has ended.
  package init(_ process: Process) {
    status = process.terminationStatus
    bySignal = process.terminationReason == .uncaughtSignal
  }

  /// The exit status, or 1 when a signal ended it.
  package var exitStatus: Int32 { bySignal ? 1 : status }

  package var description: String {
    bySignal ? "signal \(status)" + (Self.signalNames[status].map { ", \($0)" } ?? "") : "exit status \(status)"
  }

  private static let signalNames: [Int32: String] = [
    SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGFPE: "SIGFPE",
    SIGKILL: "SIGKILL", SIGTERM: "SIGTERM",
  ]
}
