#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import Foundation
import ImplicitsFileSystem
import SystemPackage

/// `implicits build-server`: a process that outlives builds and runs those
/// its clients (`implicits build --server`) hand it, one at a time, keeping
/// what each module's analysis made (`KeptAnalyses`) for the next build: a
/// body edit re-parses the edited file and walks its bodies, not the
/// module's. What a build prints goes back to its client, which prints it
/// and exits with the build's status. The server ends when no build came
/// for its idle time, when asked (`--stop`), or when an analysis crashes
/// (its client then builds without it).
public enum BuildServer {
  /// Where the server of `executable` listens (its log: this path and `.log`).
  public static func socketPath(forExecutable executable: String) -> String {
    LocalSocket.path(forExecutable: executable)
  }

  /// For a server its client started: in a session of its own, so that
  /// Ctrl-C in the client's terminal and the terminal's end do not reach it.
  public static func detachFromTerminal() {
    _ = setsid()
    signal(SIGINT, SIG_IGN)
    signal(SIGHUP, SIG_IGN)
  }

  /// Serves at `socketPath` until idle for `idleSeconds`; returns the exit
  /// status. `log` takes what the server has to say (its standard error).
  ///
  /// `executable`: the tool's file; servers that earlier builds of it
  /// started (another socket in the same folder, the same path written
  /// beside it) are stopped, so that rebuilding or upgrading the tool does
  /// not leave them holding memory until they are idle.
  public static func serve(
    socketPath: String, executable: String, idleSeconds: Double, log: @escaping @Sendable (String) -> Void
  ) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let listening: FileDescriptor
    do {
      try LocalSocket.prepareFolder(of: socketPath)
      // The lock says which process serves at this path, for its whole life.
      let lock = open(socketPath + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
      guard lock >= 0 else { throw SocketError("cannot open '\(socketPath).lock': \(Errno(rawValue: errno))") }
      guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
        log("implicits build-server: another server already serves at \(socketPath)")
        return 0
      }
      listening = try LocalSocket.listening(at: socketPath)
    } catch {
      log("implicits build-server: \(error)")
      return 2
    }
    stopEarlierServers(of: executable, besides: socketPath, log: log)
    let server = Server(socketPath: socketPath, idleSeconds: idleSeconds)
    log("implicits build-server: serving at \(socketPath) (process \(getpid()); ends after \(Int(idleSeconds)) s without a build)")
    Thread.detachNewThread { server.endWhenIdle() }
    while let connection = LocalSocket.nextConnection(listening) {
      server.connected()
      Thread.detachNewThread { server.serve(connection) }
    }
    log("implicits build-server: the socket failed: \(Errno(rawValue: errno))")
    unlink(socketPath)
    return 2
  }

  /// Writes which executable serves at `socketPath` (`.executable` beside
  /// it), and asks the other servers of that executable in the folder to
  /// stop (each after the build it runs).
  private static func stopEarlierServers(of executable: String, besides socketPath: String, log: @escaping @Sendable (String) -> Void) {
    let folder = PathUtilities.directory(of: socketPath)
    _ = try? AtomicFileWriter.write(Array(executable.utf8), to: socketPath + ".executable")
    let others = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in others where name.hasSuffix(".executable") && folder + "/" + name != socketPath + ".executable" {
      let other = folder + "/" + String(name.dropLast(".executable".count))
      guard (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) == executable else { continue }
      Thread.detachNewThread {
        if BuildServerClient.ask(.stop, socket: other, output: { _ in }) {
          log("implicits build-server: stopped the server of an earlier build of this executable at \(other)")
        }
        unlink(other + ".executable")
      }
    }
  }

  /// What the server holds between builds.
  private final class Server: @unchecked Sendable {
    let socketPath: String
    let idleSeconds: Double
    let kept = KeptAnalyses()
    /// One build at a time: a build changes the current directory.
    let builds = NSLock()
    /// Connections open now, and when the last one ended.
    private let activity = LockedValue((open: 0, since: DispatchTime.now()))

    init(socketPath: String, idleSeconds: Double) {
      self.socketPath = socketPath
      self.idleSeconds = idleSeconds
    }

    func connected() { activity.withLock { $0.open += 1 } }

    func endWhenIdle() {
      while true {
        Thread.sleep(forTimeInterval: min(1, idleSeconds / 4))
        let idle = activity.withLock { $0.open == 0 && Self.seconds(since: $0.since) >= idleSeconds }
        if idle { end() }
      }
    }

    /// No new client finds the server; the process ends.
    func end() -> Never {
      unlink(socketPath)
      unlink(socketPath + ".executable")
      exit(0)
    }

    /// One client's request, answered; the connection closed.
    func serve(_ connection: FileDescriptor) {
      let requests = MessageChannel(descriptor: connection)
      let answers = LockedValue(MessageChannel(descriptor: connection))
      let answer: @Sendable (BuildServerMessage) -> Void = { message in answers.withLock { _ = $0.send(message) } }
      defer {
        try? connection.close()
        activity.withLock { $0 = (open: $0.open - 1, since: DispatchTime.now()) }
      }
      switch requests.receive(BuildServerRequest.self) {
      case .build(let options, let directory, let terminalWidth)?:
        if !builds.try() {
          answer(.progress("implicits: waiting for the build server's other build (one at a time)"))
          builds.lock()
        }
        defer { builds.unlock() }
        build(options, in: directory, terminalWidth: terminalWidth, connection: connection, requests: requests, answer: answer)
      case .status?:
        answer(.output("build server: process \(getpid()), socket \(socketPath)\n\(kept.summary)\n"))
        answer(.exit(0))
      case .stop?:
        builds.lock()  // after the build that runs now
        answer(.exit(0))
        end()
      case .interrupt?, nil:
        answer(.progress("implicits build-server: expected a request"))
        answer(.exit(2))
      }
    }

    private func build(
      _ options: BuildOptions, in directory: String, terminalWidth: Int?, connection: FileDescriptor,
      requests: MessageChannel, answer: @escaping @Sendable (BuildServerMessage) -> Void
    ) {
      guard FileManager.default.changeCurrentDirectoryPath(directory) else {
        answer(.progress("error: the build server cannot enter the folder '\(directory)'"))
        answer(.exit(2))
        return
      }
      let interruption = BuildInterruption()
      interruption.exitAtOnce = {}
      // Ctrl-C at the client, or the client gone: the build stops.
      let listener = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        while let request = requests.receive(BuildServerRequest.self) {
          if case .interrupt = request { interruption.interrupt() }
        }
        interruption.interrupt()
        listener.signal()
      }
      var options = options
      options.workerExecutable = nil
      options.keepsMemoryUntilExit = false
      var console = BuildConsole(
        output: { answer(.output($0)) }, progress: { answer(.progress($0)) }, status: { answer(.status($0)) })
      if let terminalWidth { console.terminalWidth = { terminalWidth } }
      let status = BuildRunner.run(options, console: console, interruption: interruption, fileSystem: LocalFileSystem()) {
        KeptAnalysesExecutor(catalog: $0, store: self.kept)
      }
      FreedMemory.returnToSystem()
      answer(.exit(status))
      // The listener ends before the connection closes (its number could
      // be the next client's).
      shutdown(connection.rawValue, Int32(SHUT_RDWR))
      listener.wait()
    }

    private static func seconds(since start: DispatchTime) -> Double {
      Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
  }
}
