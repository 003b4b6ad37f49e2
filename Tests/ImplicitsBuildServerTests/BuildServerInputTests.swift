#if os(Linux)
import ImplicitsTestSupport
import Foundation
import ImplicitsToolSupport
@testable import ImplicitsBuild
import SystemPackage
import Testing

/// What a build server takes from its socket is bounded: a frame longer
/// than a request may be is not read, connections beyond the limit are
/// refused at once, a connection that sends no request is closed after
/// the time-out (and keeps no idle server alive), and running out of file
/// descriptors makes new connections wait instead of ending the server.
/// The connections here are the user's own, spoken raw on the socket.
@Suite struct BuildServerInputTests {
  /// A server started by a build of a one-module project.
  static func startServer(_ server: BuildServerTests.ServerFolder, arguments: [String] = []) throws
    -> (project: TemporaryDirectory, process: pid_t, socket: String)
  {
    let project = try BuildServerStallTests.quietProject()
    let built = try server.run(["build", "--server"] + arguments, in: project.path)
    try #require(built.status == 0, "\(built.errors)")
    let (process, socket) = try server.running(in: project.path)
    return (project, process, socket)
  }

  /// Opens `count` connections to `socket` and sends nothing.
  static func connections(_ count: Int, to socket: String) throws -> [FileDescriptor] {
    try (0..<count).map { _ in try #require(LocalSocket.connection(to: socket)) }
  }

  /// A build through the server runs there (not without it).
  static func expectServes(_ server: BuildServerTests.ServerFolder, _ project: TemporaryDirectory, process: pid_t) throws {
    try project.edit("Core/Core.swift", replacing: "core() {", with: "core() { _ = \(UInt32.random(in: 0...9999));")
    let built = try server.run(["build", "--server"], in: project.path)
    #expect(built.status == 0, "\(built.errors)")
    #expect(!built.errors.contains("building without the build server"), "\(built.errors)")
    #expect(try server.running(in: project.path).process == process, "another server runs")
  }

  /// A frame that says 400 MB: the server closes the connection after
  /// its length, reads none of the bytes that follow, and goes on.
  @Test func aFrameLongerThanARequestIsNotRead() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 30)
    let (project, process, socket) = try Self.startServer(server)
    let peakBefore = try #require(ProcessTable.status("VmHWM", of: process))
    let connection = try #require(LocalSocket.connection(to: socket))
    defer { try? connection.close() }
    var sent = Self.send(withUnsafeBytes(of: UInt32(400 << 20).littleEndian, Array.init), on: connection)
    let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
    while sent < 64 << 20 {
      let written = Self.send(chunk, on: connection)
      if written <= 0 { break }
      sent += written
    }
    #expect(sent < 64 << 20, "the server took \(sent) bytes of a frame of 400 MB")
    let peakAfter = try #require(ProcessTable.status("VmHWM", of: process))
    #expect(peakAfter - peakBefore < 32 << 10, "the server's peak memory grew by \(peakAfter - peakBefore) kB")
    let log = try String(contentsOfFile: socket + ".log", encoding: .utf8)
    #expect(log.contains("a request of \(400 << 20) bytes, more than \(4 << 20) (closed)"), "\(log)")
    try Self.expectServes(server, project, process: process)
  }

  /// 200 connections that send nothing: the server serves 64 of them,
  /// refuses the others at once (`refused`, one thread each at most), and
  /// still serves a build.
  @Test func connectionsBeyondTheLimitAreRefused() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 30)
    let (project, process, socket) = try Self.startServer(server)
    let open = try Self.connections(200, to: socket)
    var refused: [Int] = []
    ProcessTable.waitUntil(seconds: 30) {
      refused = open.indices.filter { Self.pending(on: open[$0]) > 0 }
      return refused.count >= 200 - 64
    }
    #expect(refused.count == 200 - 64, "\(refused.count) connections refused")
    let threads = try #require(ProcessTable.status("Threads", of: process))
    #expect(threads < 64 + 16, "\(threads) threads for 200 connections")
    if let first = refused.first {
      var bytes = [UInt8](repeating: 0, count: 256)
      let count = recv(open[first].rawValue, &bytes, bytes.count, 0)
      let text = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
      #expect(text.contains("the build server serves 64 connections already"), "\(text)")
    }
    // Closed once: a descriptor closed twice may be another test's by then.
    for connection in open { try? connection.close() }
    // The server's threads see their connections end.
    ProcessTable.waitUntil { (ProcessTable.status("Threads", of: process) ?? 0) < 16 }
    try Self.expectServes(server, project, process: process)
  }

  /// A connection that sends nothing is closed after the time-out, and an
  /// idle server then ends on time although a client still holds it open.
  @Test func anIdleConnectionKeepsNoServerAlive() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 1)
    let (_, process, socket) = try Self.startServer(server, arguments: ["--server-idle-timeout", "1"])
    let idle = try Self.connections(1, to: socket)
    defer { try? idle[0].close() }
    #expect(ProcessTable.waitUntil(seconds: 60) { ProcessTable.hasEnded(process) }, "the server still runs")
    var byte: UInt8 = 0
    #expect(recv(idle[0].rawValue, &byte, 1, 0) == 0, "the idle connection is still open")
  }

  /// A server with 24 file descriptors, given 40 connections: it says it
  /// has none left and makes the others wait, and serves builds once they
  /// are gone.
  @Test func runningOutOfDescriptorsDoesNotEndTheServer() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 1)
    let (project, first, socket) = try Self.startServer(server)
    _ = try server.run(["build-server", "--stop"], in: project.path)
    #expect(ProcessTable.waitUntil { ProcessTable.hasEnded(first) })
    let limited = try RunningTool(
      ["-c", "ulimit -n 24 && exec \"$0\" build-server --socket \"$1\" --idle-timeout 60", CommandLineTool.executable.path, socket],
      in: project.path, environment: server.environment, executable: URL(fileURLWithPath: "/bin/sh"))
    defer { kill(limited.pid, SIGKILL) }
    #expect(limited.waitForErrors(containing: "serving at"), "\(limited.errorsSoFar)")
    var open: [FileDescriptor] = []
    for _ in 0..<40 { if let connection = LocalSocket.connection(to: socket) { open.append(connection) } }
    #expect(limited.waitForErrors(containing: "no descriptor for a new connection"), "\(limited.errorsSoFar)")
    for connection in open { try? connection.close() }
    ProcessTable.waitUntil { (ProcessTable.status("Threads", of: limited.pid) ?? 0) < 16 }
    #expect(limited.process.isRunning, "\(limited.errorsSoFar)")
    try Self.expectServes(server, project, process: limited.pid)
  }

  /// Sends `bytes` (no SIGPIPE); the count written, -1 when the server
  /// closed the connection.
  static func send(_ bytes: [UInt8], on connection: FileDescriptor) -> Int {
    bytes.withUnsafeBytes { Glibc.send(connection.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Bytes waiting to be read on `connection` (without waiting).
  static func pending(on connection: FileDescriptor) -> Int {
    var byte: UInt8 = 0
    return recv(connection.rawValue, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
  }
}
#endif
