import ImplicitsTestSupport
import Foundation
import Testing

/// A client or a server stopped (Ctrl-Z, SIGSTOP) must not hold anyone
/// else up: a stopped client's build is interrupted once the server could
/// write nothing to it for the time-out, a client waiting for its turn
/// stops at Ctrl-C, and a client of a stopped server builds without it.
/// The time-out is shortened (`IMPLICITS_BUILD_SERVER_TIMEOUT`); each step
/// waits for an event (a line printed, a process's state), the time-outs
/// being safety nets.
@Suite struct BuildServerStallTests {
  /// Two modules: `First`, then `Loud`, whose 500 errors (some 480 KB)
  /// fill the socket of a client that does not read them.
  static func loudProject() throws -> TemporaryDirectory {
    let project = try TemporaryDirectory()
    let folder = "Loud" + String(repeating: "x", count: 100)
    try project.write(
      "version: 1\nmodules:\n  - name: First\n    sources: [First]\n  - name: Loud\n    sources: [\(folder)]\n"
        + "    dependencies: [First]\n", to: "implicits.yaml")
    try project.write("import Implicits\npublic func first() {}\n", to: "First/First.swift")
    let key = "Missing" + String(repeating: "X", count: 150)
    let functions = (0..<500).map { index in
      """
      func start\(index)() {
        let scope = ImplicitScope()
        defer { scope.end() }
        read\(index)(scope)
      }

      func read\(index)(_ scope: ImplicitScope) {
        @Implicit var missing: \(key)
        _ = missing
      }

      """
    }
    try project.write("import Implicits\n\nstruct \(key) {}\n\n" + functions.joined(separator: "\n"), to: "\(folder)/Loud.swift")
    return project
  }

  /// A client building the loud project through `server`, stopped
  /// (SIGSTOP) once the server finished `First`: `Loud`'s errors come next.
  static func stoppedClient(of server: BuildServerTests.ServerFolder, building loud: TemporaryDirectory) throws -> RunningTool {
    let client = try RunningTool(["build", "--server", "-j", "1"], in: loud.path, environment: server.environment)
    #expect(client.waitForErrors(containing: "[1/2] Analyzed First"), "\(client.errorsSoFar)")
    kill(client.pid, SIGSTOP)
    return client
  }

  static func quietProject() throws -> TemporaryDirectory {
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
    try project.write("import Implicits\npublic func core() {}\n", to: "Core/Core.swift")
    return project
  }

  /// A client stopped while its build prints: the server's write to it
  /// times out, its build is interrupted, and the next client's build
  /// runs in the server. Continued, the stopped client builds without the
  /// server and prints each diagnostic once.
  @Test func aStoppedClientDoesNotHoldTheServer() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 1)
    let (loud, quiet) = (try Self.loudProject(), try Self.quietProject())
    let stopped = try Self.stoppedClient(of: server, building: loud)
    defer { kill(stopped.pid, SIGCONT) }

    let next = try RunningTool(["build", "--server"], in: quiet.path, environment: server.environment).finish(seconds: 60)
    #expect(next.status == 0, "\(next.errors)")
    #expect(next.errors.contains("Build succeeded: 1 analyzed"), "\(next.errors)")
    #expect(!next.errors.contains("building without the build server"), "\(next.errors)")
    let log = try String(contentsOfFile: try server.running(in: quiet.path).socket + ".log", encoding: .utf8)
    #expect(log.contains("a client took nothing of its build's output for 1 s (stopped?): its build is interrupted"), "\(log)")

    kill(stopped.pid, SIGCONT)
    let continued = stopped.finish()
    #expect(continued.status == 1, "\(continued.errors)")
    #expect(continued.errors.contains("building without the build server"), "\(continued.errors)")
    let errors = continued.output.components(separatedBy: "error: Unresolved requirement").count - 1
    #expect(errors == 500, "\(continued.errors)")
  }

  /// A client waiting for the server's other build (here a stopped
  /// client's, which holds the server for the 60 s time-out) stops at
  /// Ctrl-C at once: status 130, while the other build still runs.
  @Test func aWaitingClientStopsAtControlC() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 60)
    let (loud, quiet) = (try Self.loudProject(), try Self.quietProject())
    let stopped = try Self.stoppedClient(of: server, building: loud)
    defer { kill(stopped.pid, SIGCONT) }

    let waiting = try RunningTool(["build", "--server"], in: quiet.path, environment: server.environment)
    #expect(waiting.waitForErrors(containing: "implicits: waiting for the build server's other build"), "\(waiting.errorsSoFar)")
    kill(waiting.pid, SIGINT)
    let interrupted = waiting.finish(seconds: 30)
    #expect(interrupted.status == 130, "\(interrupted.errors)")
    #expect(interrupted.errors.contains("Build interrupted while waiting for the build server's other build"), "\(interrupted.errors)")
    let log = try String(contentsOfFile: try server.running(in: quiet.path).socket + ".log", encoding: .utf8)
    #expect(!log.contains("took nothing"), "the other build ended first: \(log)")

    kill(stopped.pid, SIGCONT)
    #expect(stopped.finish().status == 1)
  }

  /// A stopped server: `--status` and a build each give up after the
  /// time-out, say so, and the build runs without the server.
  @Test func aStoppedServerHangsNoClient() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 1)
    let project = try Self.quietProject()
    #expect(try server.run(["build", "--server"], in: project.path).status == 0)
    let process = try server.running(in: project.path).process
    kill(process, SIGSTOP)
    defer { kill(process, SIGCONT) }

    let status = try RunningTool(["build-server", "--status"], in: project.path, environment: server.environment).finish(seconds: 60)
    #expect(status.status == 1, "\(status.errors)")
    #expect(status.errors.contains("implicits: the build server (process \(process)) did not answer within 1 s"), "\(status.errors)")
    try project.edit("Core/Core.swift", replacing: "core() {}", with: "core() { _ = 1 }")
    let built = try RunningTool(["build", "--server"], in: project.path, environment: server.environment).finish(seconds: 60)
    #expect(built.status == 0, "\(built.errors)")
    #expect(built.errors.contains("did not answer within 1 s"), "\(built.errors)")
    #expect(built.errors.contains("building without the build server"), "\(built.errors)")
    #expect(built.errors.contains("Build succeeded: 1 analyzed"), "\(built.errors)")
  }
}
