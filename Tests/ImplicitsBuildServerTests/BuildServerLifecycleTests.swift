#if os(Linux)
import ImplicitsTestSupport
import Foundation
import ImplicitsToolSupport
@testable import ImplicitsBuild
@testable import ImplicitsBuildServer
import SystemPackage
import Testing

/// Servers that are stopped, slow, hand-fed or asked to go: none makes a
/// build wait forever, none traps on a number, none outlives `--stop`.
@Suite struct BuildServerLifecycleTests {
  /// A request with numbers no client sends (a terminal `Int.min` wide,
  /// 100,000 jobs) is refused with a message; the server goes on serving.
  @Test func numbersOutOfRangeAreRefused() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 30)
    let (project, process, socket) = try BuildServerInputTests.startServer(server)
    for (jobs, width, problem) in [
      (1, Int.min, "the terminal width \(Int.min) is out of range (1 to 100000)"),
      (100_000, 80, "the number of jobs 100000 is out of range (0 to 4096)"),
    ] {
      let connection = try #require(LocalSocket.connection(to: socket))
      defer { try? connection.close() }
      let channel = MessageChannel(descriptor: connection, limit: BuildServerMessage.limit)
      let options = BuildOptions(manifestPath: project.path + "/implicits.yaml", jobs: jobs)
      #expect(channel.send(BuildServerRequest.build(options, directory: project.path, terminalWidth: width, umask: 0o022)))
      var said: [String] = []
      var status: ImplicitsToolSupport.ExitStatus?
      while let message = channel.receive(BuildServerMessage.self) {
        if case .progress(let line) = message { said.append(line) }
        if case .exit(let code) = message {
          status = code
          break
        }
      }
      #expect(status == ImplicitsToolSupport.ExitStatus.unusable)
      #expect(said.contains("implicits build-server: refused the request: \(problem)"), "\(said)")
    }
    #expect(!ProcessTable.hasEnded(process), "the server ended")
    try BuildServerInputTests.expectServes(server, project, process: process)
  }

  /// A request trickled a byte at a time (each byte within the time-out)
  /// is closed once the time-out has passed since the connection came,
  /// and the idle server then ends on time.
  @Test func aTrickledRequestIsClosedAndKeepsNoServerAlive() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 1)
    let (_, process, socket) = try BuildServerInputTests.startServer(server, arguments: ["--server-idle-timeout", "2"])
    let connection = try #require(LocalSocket.connection(to: socket))
    defer { try? connection.close() }
    // A frame of 1,000 bytes, sent one byte every 0.2 s.
    var frame = withUnsafeBytes(of: UInt32(1_000).littleEndian, Array.init)
    frame += [UInt8](repeating: 1, count: 1_000)
    var sent = 0
    for byte in frame {
      if BuildServerInputTests.send([byte], on: connection) <= 0 || ProcessTable.hasEnded(process) { break }
      sent += 1
      usleep(200_000)
    }
    #expect(sent < 100, "the server took \(sent) bytes one at a time")
    #expect(ProcessTable.waitUntil(seconds: 60) { ProcessTable.hasEnded(process) }, "the server still runs")
    let log = try String(contentsOfFile: socket + ".log", encoding: .utf8)
    #expect(log.contains("a request not whole within 1 s (closed)"), "\(log)")
  }

  /// `build-server --stop` returns once the server has exited, so the
  /// next `build --server` starts a new one.
  @Test func stopReturnsWhenTheServerIsGone() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 30)
    let (project, process, _) = try BuildServerInputTests.startServer(server)
    let stopped = try server.run(["build-server", "--stop"], in: project.path)
    #expect(stopped.status == 0, "\(stopped.errors)")
    #expect(ProcessTable.hasEnded(process), "--stop returned while the server still ran")
    let built = try server.run(["build", "--server"], in: project.path)
    #expect(built.status == 0, "\(built.errors)")
    #expect(!built.errors.contains("building without the build server"), "\(built.errors)")
    let next = try server.running(in: project.path).process
    #expect(next != process)
    _ = try server.run(["build-server", "--stop"], in: project.path)
  }

  /// A server started by a parent that ignores SIGTERM (a disposition a
  /// process inherits) still ends on SIGTERM.
  @Test func sigtermEndsAServerWhoseParentIgnoredIt() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 30)
    let project = try BuildServerStallTests.quietProject()
    let socket = server.socketFolder + "/ignored-term"
    try FileManager.default.createDirectory(atPath: server.socketFolder, withIntermediateDirectories: true)
    chmod(server.socketFolder, 0o700)
    let started = try RunningTool(
      ["-c", "trap '' TERM; exec \"$0\" build-server --socket \"$1\" --idle-timeout 600", CommandLineTool.executable.path, socket],
      in: project.path, environment: server.environment, executable: URL(fileURLWithPath: "/bin/sh"))
    defer { kill(started.pid, SIGKILL) }
    #expect(started.waitForErrors(containing: "serving at"), "\(started.errorsSoFar)")
    kill(started.pid, SIGTERM)
    #expect(ProcessTable.waitUntil(seconds: 30) { ProcessTable.hasEnded(started.pid) }, "SIGTERM did not end the server")
  }

  /// A process that holds the output directory's lock and is stopped
  /// (SIGSTOP: a build server whose laptop lid closed, a debugger) is not
  /// waited for: the build says who it is and how to go on.
  @Test func aStoppedHolderOfTheLockIsNotWaitedFor() throws {
    let project = try BuildServerStallTests.quietProject()
    let lockFolder = project.path + "/.implicits"
    try FileManager.default.createDirectory(atPath: lockFolder, withIntermediateDirectories: true)
    let holder = try RunningTool(
      [
        "-c",
        "import fcntl, os, sys, time\nf = open(sys.argv[1], 'w')\nfcntl.flock(f, fcntl.LOCK_EX)\n"
          + "f.write(str(os.getpid()) + '\\n'); f.flush()\nsys.stderr.write('locked\\n'); sys.stderr.flush()\ntime.sleep(600)\n",
        lockFolder + "/.lock",
      ], in: project.path, environment: [:], executable: URL(fileURLWithPath: "/usr/bin/python3"))
    defer { kill(holder.pid, SIGKILL) }
    #expect(holder.waitForErrors(containing: "locked"), "\(holder.errorsSoFar)")
    kill(holder.pid, SIGSTOP)
    defer { kill(holder.pid, SIGCONT) }
    let built = try CommandLineTool.run(executable: CommandLineTool.executable, ["build"], in: project.path, killAfter: 60)
    #expect(built.status == 2, "\(built.errors)")
    #expect(
      built.errors.contains(
        "process \(holder.pid) holds the output directory '\(lockFolder)' and is stopped, so it would be waited for forever: "
          + "resume it ('kill -CONT \(holder.pid)') or end it ('kill \(holder.pid)'), then build again"), "\(built.errors)")
  }

  /// A server started under umask 0 writes a later build's files with that
  /// build's own umask (022 here): nothing group- or world-writable.
  @Test func eachBuildWritesWithItsClientsUmask() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 30)
    let first = try BuildServerStallTests.quietProject()
    let started = try RunningTool(
      ["-c", "umask 0; exec \"$0\" build --server", CommandLineTool.executable.path], in: first.path,
      environment: server.environment, executable: URL(fileURLWithPath: "/bin/sh")
    ).finish(seconds: 120)
    #expect(started.status == 0, "\(started.errors)")
    let process = try server.running(in: first.path).process
    defer { _ = try? server.run(["build-server", "--stop"], in: first.path) }
    let previous = umask(0o022)
    defer { umask(previous) }
    let second = try BuildServerStallTests.quietProject()
    let built = try server.run(["build", "--server"], in: second.path)
    #expect(built.status == 0, "\(built.errors)")
    #expect(try server.running(in: second.path).process == process, "the build did not run in the server")
    let outputs = try FileManager.default.subpathsOfDirectory(atPath: second.path + "/.implicits")
    var checked = 0
    for output in outputs {
      let attributes = try FileManager.default.attributesOfItem(atPath: second.path + "/.implicits/" + output)
      guard attributes[.type] as? FileAttributeType == .typeRegular, output != ".lock" else { continue }
      let mode = (attributes[.posixPermissions] as? Int) ?? 0
      #expect(mode & 0o022 == 0, "\(output) has mode \(String(mode, radix: 8))")
      checked += 1
    }
    #expect(checked >= 3, "\(outputs)")
  }

  /// A socket folder in a folder that other users can write to without
  /// the sticky bit (TMPDIR so set) is not used: another user could put a
  /// folder of hers in its place between the check and the use.
  @Test func aSocketFolderOthersCanReplaceIsNotUsed() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 30)
    let project = try BuildServerStallTests.quietProject()
    chmod(server.path, 0o777)
    let refused = try server.run(["build", "--server"], in: project.path)
    #expect(refused.status == 0, "\(refused.errors)")
    #expect(
      refused.errors.contains(
        "implicits: the folder '\(server.path)' above the build server's folder can be written by other users without the "
          + "sticky bit, mode 777, so another user could replace the folder (set TMPDIR to a folder of yours, or run "
          + "'chmod +t \(server.path)'); building without the build server"), "\(refused.errors)")
    chmod(server.path, 0o1777)
    let served = try server.run(["build", "--server"], in: project.path)
    #expect(!served.errors.contains("building without the build server"), "\(served.errors)")
    _ = try server.run(["build-server", "--stop"], in: project.path)
  }

  /// The server's log is never written through a link in the socket's
  /// folder: the file it leads to stays as it was.
  @Test func theLogIsNotWrittenThroughALink() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 30)
    let project = try BuildServerStallTests.quietProject()
    let socket = try BuildServerSecurityTests.socketPath(server, project: project)
    let target = try TemporaryDirectory()
    try target.write("untouched\n", to: "target")
    unlink(socket + ".log")
    try FileManager.default.createSymbolicLink(atPath: socket + ".log", withDestinationPath: target.path + "/target")
    let built = try server.run(["build", "--server"], in: project.path)
    #expect(built.status == 0, "\(built.errors)")
    #expect(built.errors.contains("cannot open '\(socket).log'"), "\(built.errors)")
    #expect(try target.read("target") == "untouched\n")
  }
}
#endif
