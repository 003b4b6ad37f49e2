import Foundation

/// Runs the real `implicits` executable, as users and build scripts do.
package enum CommandLineTool {
  package struct Result {
    package var status: Int32
    package var output: String
    package var errors: String
  }

  /// The executable built next to the test bundle.
  package static let executable: URL = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("implicits")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return repository.appendingPathComponent(".build/debug/implicits")
  }()

  @discardableResult
  package static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> Result {
    try run(executable: executable, arguments, in: directory, environment: environment)
  }

  /// Runs any program the same way (`script`, `python3`).
  /// A process still running after `killAfter` seconds is killed (status
  /// 9 by signal): a hang becomes a failed test instead of a stuck run.
  package static func run(
    executable: URL, _ arguments: [String], in directory: String, environment: [String: String] = [:],
    killAfter: Double = 300
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + killAfter, execute: watchdog)
    defer { watchdog.cancel() }
    // Read both pipes while the process runs, so that neither fills up.
    let outputBox = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      outputBox.data = output.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let outputData = outputBox.data
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }

  /// Starts the tool and returns the process, for interruption tests.
  package static func start(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}

package final class DataBox: @unchecked Sendable {
  package var data = Data()
}

/// The JSON build report.
package struct Report: Decodable {
  package struct Module: Decodable {
    package var name: String
    package var status: String
    package var seconds: Double
    package var started: Double
    package var resumed: Double?
    package var released: Double?
    package var ended: Double
    package var reason: String
    /// Seconds by phase, for a module analyzed.
    package var phases: [String: Double]?
  }

  package struct CriticalPath: Decodable {
    package var seconds: Double
    package var modules: [String]
  }

  package var succeeded: Bool
  package var seconds: Double
  package var phases: [String: Double]
  package var criticalPath: CriticalPath
  package var modules: [Module]

  package static func read(_ path: String) throws -> Report {
    try JSONDecoder().decode(Report.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  }

  package func names(_ status: String) -> Set<String> { Set(modules.filter { $0.status == status }.map(\.name)) }

  package func module(_ name: String) -> Module? { modules.first { $0.name == name } }
}

/// A temporary directory removed at the end of the test.
package final class TemporaryDirectory {
  package let path: String

  package init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("implicits-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    path = base.path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  package func write(_ text: String, to relative: String) throws {
    let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  package func read(_ relative: String) throws -> String {
    try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
  }

  package func exists(_ relative: String) -> Bool {
    FileManager.default.fileExists(atPath: path + "/" + relative)
  }

  /// Replaces `old` with `new` in a file; the edit must change it. The
  /// file gets a modification time of its own, as an edit in an editor a
  /// moment later would: a second after its last one when the clock or
  /// the file system's timestamps have not moved on since (no sleep).
  package func edit(_ relative: String, replacing old: String, with new: String) throws {
    let text = try read(relative)
    precondition(text.contains(old), "\(relative) does not contain \(old)")
    let file = path + "/" + relative
    let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as! Date
    try write(text.replacingOccurrences(of: old, with: new), to: relative)
    let after = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as! Date
    if after <= before {
      try FileManager.default.setAttributes([.modificationDate: before.addingTimeInterval(1)], ofItemAtPath: file)
    }
  }
}
