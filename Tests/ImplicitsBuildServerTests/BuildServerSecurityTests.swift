import ImplicitsTestSupport
import Foundation
import Testing

/// Another user on the same machine against `implicits build --server`:
/// they can neither answer a user's build nor have the user's server run
/// theirs. The second user is a process run as uid 65534 (`nobody`) with
/// `setpriv --reuid --regid --clear-groups` (util-linux), which needs root:
/// CI runs as root; elsewhere these tests are skipped and say why.
@Suite(.serialized, .enabled(if: SecondUser.available, SecondUser.unavailableReason))
struct BuildServerSecurityTests {
  /// A project whose build fails (status 1): an impostor's exit status 0
  /// would show.
  static func failingProject() throws -> TemporaryDirectory {
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
    try project.write(BuildServerTests.unresolvedRead, to: "Core/Core.swift")
    return project
  }

  /// The socket a server of this executable listens at in `server`'s
  /// folder (a server is started and stopped to learn it).
  static func socketPath(_ server: BuildServerTests.ServerFolder, project: TemporaryDirectory) throws -> String {
    _ = try server.run(["build", "--server"], in: project.path)
    let socket = try server.running(in: project.path).socket
    _ = try server.run(["build-server", "--stop"], in: project.path)
    return socket
  }

  /// Checks the client's build: it did not use the impostor (nothing
  /// sent to it, none of its text, the build's own status) and said why.
  static func expectNotFooled(
    _ built: CommandLineTool.Result, impostor: SecondUser.Impostor, saying reason: String
  ) throws {
    #expect(built.status == 1, "\(built.errors)")
    #expect(built.output.contains("Core/Core.swift:"), "\(built.output)")
    #expect(!(built.output + built.errors).contains("PWNED"), "\(built.errors)")
    #expect(built.errors.contains(reason), "\(built.errors)")
    #expect(built.errors.contains("building without the build server"), "\(built.errors)")
    #expect(!impostor.events().contains("request"), "the client sent its build to the impostor")
  }

  /// The impostor made the user's socket folder first (as anyone can in
  /// /tmp) and listens at the user's socket: the client refuses the
  /// folder before it connects, and builds without a server.
  @Test func aClientRefusesAFolderOfAnotherUser() throws {
    let server = try BuildServerTests.ServerFolder()
    let project = try Self.failingProject()
    let socket = try Self.socketPath(server, project: project)
    try FileManager.default.removeItem(atPath: server.socketFolder)
    chmod(server.path, 0o1777)  // as /tmp is
    let impostor = try SecondUser.Impostor(listeningAt: socket, folder: server.path)
    defer { impostor.stop() }

    let built = try server.run(["build", "--server"], in: project.path)
    try Self.expectNotFooled(
      built, impostor: impostor, saying: "the build server's folder '\(server.socketFolder)' belongs to user \(SecondUser.id)")
    #expect(!impostor.events().contains("connected"), "the client connected before it checked the folder")
  }

  /// The user's folder is theirs alone, but the process that listens at
  /// their socket is another user's (its socket moved there): the client
  /// checks its peer's credentials before it sends anything.
  @Test func aClientRefusesAServerOfAnotherUser() throws {
    let server = try BuildServerTests.ServerFolder()
    let project = try Self.failingProject()
    let socket = try Self.socketPath(server, project: project)
    chmod(server.path, 0o1777)
    let elsewhere = server.path + "/elsewhere/socket"
    let impostor = try SecondUser.Impostor(listeningAt: elsewhere, folder: server.path)
    defer { impostor.stop() }
    #expect(rename(elsewhere, socket) == 0)

    let built = try server.run(["build", "--server"], in: project.path)
    try Self.expectNotFooled(
      built, impostor: impostor, saying: "the process listening at '\(socket)' runs as user \(SecondUser.id), not as you")
  }

  /// The user's folder and socket can be written by anyone (a umask of
  /// 0): another user connects and asks the server for its status; the
  /// server checks its peer's credentials and closes the connection
  /// without a word, and goes on serving its user.
  @Test func theServerRefusesAClientOfAnotherUser() throws {
    let server = try BuildServerTests.ServerFolder()
    let project = try Self.failingProject()
    _ = try server.run(["build", "--server"], in: project.path)
    let (process, socket) = try server.running(in: project.path)
    chmod(server.path, 0o1777)
    chmod(server.socketFolder, 0o777)
    chmod(socket, 0o777)

    let asked = try SecondUser.run(["ask", socket], folder: server.path)
    #expect(asked.contains("\"connected\": true"), "\(asked)")
    #expect(asked.contains("\"received\": 0"), "the server answered another user: \(asked)")
    let log = try String(contentsOfFile: socket + ".log", encoding: .utf8)
    #expect(log.contains("refused a connection of user \(SecondUser.id)"), "\(log)")
    chmod(server.socketFolder, 0o700)
    #expect(try server.running(in: project.path).process == process)
  }
}

/// Where a second user must be had (CI sets
/// `IMPLICITS_TEST_REQUIRE_SECOND_USER=1`), its absence fails instead of
/// skipping the tests above.
@Test(.enabled(if: ProcessInfo.processInfo.environment["IMPLICITS_TEST_REQUIRE_SECOND_USER"] == "1"))
func aSecondUserIsAvailableWhereRequired() {
  #expect(SecondUser.available, SecondUser.unavailableReason)
}

/// A second user for the tests: uid 65534 through `setpriv`, which only
/// root may run for another uid.
enum SecondUser {
  static let id: uid_t = 65534
  static let setpriv = "/usr/bin/setpriv"
  static let python = "/usr/bin/python3"

  static var available: Bool {
    geteuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv)
      && FileManager.default.isExecutableFile(atPath: python)
  }

  static let unavailableReason: Comment =
    "needs a second user: run as root with /usr/bin/setpriv (util-linux) and /usr/bin/python3, as CI does"

  /// The impostor script, copied where the second user can read it.
  static func script(in folder: String) throws -> String {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/impostor.py")
    let copy = folder + "/impostor.py"
    if !FileManager.default.fileExists(atPath: copy) {
      try FileManager.default.copyItem(atPath: source.path, toPath: copy)
      chmod(copy, 0o644)
    }
    return copy
  }

  static func process(_ arguments: [String], folder: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: setpriv)
    process.arguments = ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", python, try script(in: folder)] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    return process
  }

  /// Runs the script as the second user; its standard output.
  static func run(_ arguments: [String], folder: String) throws -> String {
    let process = try process(arguments, folder: folder)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// The script serving at a socket, as the second user, until stopped.
  final class Impostor {
    let process: Process
    let eventsPath: String

    init(listeningAt socket: String, folder: String) throws {
      eventsPath = folder + "/impostor-events-" + UUID().uuidString.prefix(8)
      process = try SecondUser.process(["serve", socket, eventsPath], folder: folder)
      try process.run()
      let listening = ProcessTable.waitUntil(seconds: 30) { self.events().contains("listening") || !self.process.isRunning }
      try #require(listening && process.isRunning, "the impostor does not listen")
    }

    func events() -> String { (try? String(contentsOfFile: eventsPath, encoding: .utf8)) ?? "" }

    func stop() {
      // SIGKILL: a process started from a test's thread may block SIGTERM.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
