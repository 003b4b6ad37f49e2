#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import Foundation
import ImplicitsBuild
import ImplicitsFileSystem
import ImplicitsToolSupport
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
  ) -> ExitStatus {
    signal(SIGPIPE, SIG_IGN)
    // `kill` ends it: neither blocked nor ignored, whatever the process
    // that started it did (a disposition of SIG_IGN survives `exec`).
    BuildInterruption.unblock([SIGTERM])
    signal(SIGTERM, SIG_DFL)
    let listening: FileDescriptor
    do {
      try LocalSocket.prepareFolder(of: socketPath)
      // The lock says which process serves at this path, for its whole life.
      let lock = try LocalSocket.openInFolder(
        of: socketPath, name: PathUtilities.fileName(of: socketPath) + ".lock", flags: O_CREAT | O_RDWR)
      guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
        log("implicits build-server: another server already serves at \(socketPath)")
        return .success
      }
      listening = try LocalSocket.listening(at: socketPath)
    } catch {
      log("implicits build-server: \(error)")
      return .unusable
    }
    stopEarlierServers(of: executable, besides: socketPath, log: log)
    let server = Server(socketPath: socketPath, idleSeconds: idleSeconds, log: log)
    log("implicits build-server: serving at \(socketPath) (process \(getpid()); ends after \(Int(idleSeconds)) s without a build)")
    Thread.detachNewThread { server.endWhenIdle() }
    var exhausted = false
    while true {
      switch LocalSocket.nextConnection(listening) {
      case .connection(let connection):
        exhausted = false
        server.accept(connection)
      case .exhausted(let error):
        // The connection waits in the backlog (its client gives up after
        // its time-out) until a descriptor is free.
        if !exhausted { log("implicits build-server: no descriptor for a new connection (\(error)); it waits") }
        exhausted = true
        usleep(50_000)
      case .failed(let error):
        log("implicits build-server: the socket failed: \(error)")
        unlink(socketPath)
        return .unusable
      }
    }
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
        if BuildServerClient.ask(.stop, socket: other, output: { _ in }) == .answered {
          log("implicits build-server: stopped the server of an earlier build of this executable at \(other)")
        }
        unlink(other + ".executable")
      }
    }
  }

  /// What the server holds between builds.
  private final class Server: @unchecked Sendable {
    /// Connections served at once; more are refused (each has a thread).
    static let maximumConnections = 64

    let socketPath: String
    let idleSeconds: Double
    let log: @Sendable (String) -> Void
    let kept = KeptAnalyses()
    let builds = BuildQueue()
    /// Connections open now, and when the last one ended.
    private let activity = LockedValue((open: 0, since: Stopwatch()))
    /// Users whose connections were refused (each said once in the log).
    private let refusedUsers = LockedValue(Set<uid_t>())

    init(socketPath: String, idleSeconds: Double, log: @escaping @Sendable (String) -> Void) {
      self.socketPath = socketPath
      self.idleSeconds = idleSeconds
      self.log = log
    }

    func endWhenIdle() {
      while true {
        Thread.sleep(forTimeInterval: min(1, idleSeconds / 4))
        let idle = activity.withLock { $0.open == 0 && $0.since.seconds >= idleSeconds }
        if idle { end() }
      }
    }

    /// No new client finds the server; the process ends.
    func end() -> Never {
      unlink(socketPath)
      unlink(socketPath + ".executable")
      exit(0)
    }

    /// A new connection: served on a thread of its own when it comes from
    /// this user's process and the server has room for it; else closed.
    func accept(_ connection: FileDescriptor) {
      LocalSocket.setTimeouts(connection, receive: BuildServerTimeout.seconds, send: BuildServerTimeout.seconds)
      let peer = LocalSocket.peer(of: connection)
      guard let peer, peer.user == geteuid() else {
        let user = peer.map { "user \($0.user)" + ($0.process.map { " (process \($0))" } ?? "") } ?? "an unknown user"
        if refusedUsers.withLock({ $0.insert(peer?.user ?? uid_t.max).inserted }) {
          log("implicits build-server: refused a connection of \(user): it serves its own user only")
        }
        try? connection.close()
        return
      }
      let admitted = activity.withLock { activity -> Bool in
        guard activity.open < Self.maximumConnections else { return false }
        activity.open += 1
        return true
      }
      guard admitted else {
        MessageChannel(descriptor: connection).send(
          BuildServerMessage.refused("the build server serves \(Self.maximumConnections) connections already"))
        try? connection.close()
        return
      }
      Thread.detachNewThread { self.serve(connection) }
    }

    /// One client's request, answered; the connection closed.
    private func serve(_ connection: FileDescriptor) {
      let requests = MessageChannel(descriptor: connection, limit: BuildServerRequest.limit)
      let session = ClientSession(connection: connection, log: log)
      // The whole first request must come within the time-out, not only
      // each of its bytes: a request trickled a byte at a time would keep
      // the server from ever being idle. Past it, the connection is shut
      // down (under the lock, so never after it closed: its number could
      // be another connection's by then).
      let deadline = LockedValue((received: false, expired: false))
      DispatchQueue.global().asyncAfter(deadline: .now() + BuildServerTimeout.seconds) {
        deadline.withLock { state in
          guard !state.received else { return }
          state.expired = true
          shutdown(connection.rawValue, Int32(SHUT_RDWR))
        }
      }
      defer {
        deadline.withLock { $0.received = true }
        session.end()
        try? connection.close()
        activity.withLock { $0 = (open: $0.open - 1, since: Stopwatch()) }
      }
      let first = requests.receive(BuildServerRequest.self)
      let expired = deadline.withLock { state -> Bool in
        state.received = true
        return state.expired
      }
      guard let request = first, !expired else {
        // The client left, sent no whole request within the time-out (an
        // idle or trickling connection), a frame too long or not a
        // request: closed.
        if expired {
          log("implicits build-server: a request not whole within \(BuildServerTimeout.described) (closed)")
        } else if case .tooLong(let length)? = requests.failure {
          log("implicits build-server: a request of \(length) bytes, more than \(BuildServerRequest.limit) (closed)")
        } else if requests.failure == .malformed {
          session.answer(.progress("implicits build-server: expected a request"))
          session.answer(.exit(.unusable))
        }
        return
      }
      if let problem = request.problem {
        log("implicits build-server: refused a request: \(problem)")
        session.answer(.progress("implicits build-server: refused the request: \(problem)"))
        session.answer(.exit(.unusable))
        return
      }
      // Requests after the first (Ctrl-C) may come at any time.
      LocalSocket.setTimeouts(connection, receive: 0, send: nil)
      session.startHeartbeat()
      switch request {
      case .build(let options, let directory, let terminalWidth, let clientUmask):
        // Ctrl-C at the client, or the client gone: the build stops (or
        // stops waiting for its turn).
        let listener = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [builds] in
          while let request = requests.receive(BuildServerRequest.self) {
            if case .interrupt = request { session.interruption.interrupt() }
            builds.wake()
          }
          session.interruption.interrupt()
          builds.wake()
          listener.signal()
        }
        let turn = builds.enter(
          waiting: { session.answer(.progress("implicits: waiting for the build server's other build (one at a time)")) },
          cancelled: { session.interruption.wasInterrupted })
        if turn {
          build(options, in: directory, terminalWidth: terminalWidth, umask: clientUmask, session: session)
          builds.leave()
        } else {
          session.answer(.progress("Build interrupted while waiting for the build server's other build"))
          session.answer(.exit(.interrupted))
        }
        // The listener ends before the connection closes (its number could
        // be the next client's).
        shutdown(connection.rawValue, Int32(SHUT_RDWR))
        listener.wait()
      case .status:
        session.answer(.output("build server: process \(getpid()), socket \(socketPath)\n\(kept.summary)\n"))
        session.answer(.exit(.success))
      case .stop:
        _ = builds.enter(waiting: {}, cancelled: { false })  // after the build that runs now
        session.answer(.exit(.success))
        end()
      case .interrupt:
        session.answer(.progress("implicits build-server: expected a request"))
        session.answer(.exit(.unusable))
      }
    }

    /// Runs the build with the client's umask: its files get the modes
    /// the client's own build would give them, whatever umask the server
    /// was started with (one build runs at a time, and nothing else of the
    /// server's creates files meanwhile but its log, opened before).
    private func build(
      _ options: BuildOptions, in directory: String, terminalWidth: Int?, umask clientUmask: Int, session: ClientSession
    ) {
      let serverUmask = umask(mode_t(clientUmask))
      defer { umask(serverUmask) }
      guard case .success(let folder) = LocalFileSystem().status(directory), folder.kind == .directory else {
        session.answer(.progress("error: the build server cannot enter the folder '\(directory)'"))
        session.answer(.exit(.unusable))
        return
      }
      var options = options
      options.workingDirectory = directory
      options.workerExecutable = nil
      // Its analyses reuse the parses they kept: none is parsed ahead.
      options.pipelining = false
      options.keepsMemoryUntilExit = false
      var console = BuildConsole(
        output: { session.answer(.output($0)) }, progress: { session.answer(.progress($0)) },
        status: { session.answer(.status($0)) })
      if let terminalWidth { console.terminalWidth = { terminalWidth } }
      let status = BuildRunner.run(
        options, console: console, interruption: session.interruption, fileSystem: LocalFileSystem()
      ) { KeptAnalysesExecutor(catalog: $0, store: self.kept) }
      FreedMemory.returnToSystem()
      session.answer(.exit(status))
    }
  }
}
