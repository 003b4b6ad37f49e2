import Dispatch
import Foundation
import ImplicitsBuild
import ImplicitsFileSystem
import ImplicitsToolSupport
import SystemPackage

/// The client side of the build server: `implicits build --server` hands
/// its build to the server of the same executable (starting one when none
/// runs), prints what the build prints, and exits with its status.
///
/// It talks only to a server of its own user: the socket's folder must be
/// the user's alone before it connects (`LocalSocket.checkFolder`), and the
/// process at the other end must run as the user (its peer credentials)
/// before anything is sent or read. A server that says nothing for
/// `BuildServerTimeout.seconds` (not even that it is alive) is given up.
public enum BuildServerClient {
  /// How long a client waits for a server it started to listen.
  static let startTimeout = 10.0

  /// How the hand-over went.
  public enum Outcome: Equatable {
    /// The server ran the build, which ended with this status.
    case built(ExitStatus)
    /// No server could run it (why, in words): the caller builds itself,
    /// and does not print again what the server's build printed.
    case unavailable(String, printed: PrintedOutput)
  }

  /// Runs `options`' build in the server of `executable`, started with
  /// `idleSeconds` when none runs; Ctrl-C (`interruption`) stops the build
  /// in the server.
  public static func build(
    _ options: BuildOptions, executable: String, idleSeconds: Double, terminalWidth: Int?, console: BuildConsole,
    interruption: BuildInterruption
  ) -> Outcome {
    // A server that ends while the request is written: EPIPE, not the end.
    signal(SIGPIPE, SIG_IGN)
    let socket = LocalSocket.path(forExecutable: executable)
    let server: OwnServer
    switch connect(socket, executable: executable, idleSeconds: idleSeconds) {
    case .success(let connected): server = connected
    case .failure(let error): return .unavailable(error.description, printed: PrintedOutput())
    }
    let connection = server.connection
    // Requests go out under this lock, and the connection closes under it:
    // a late Ctrl-C never writes to a descriptor that is no longer it.
    let requests = LockedValue<MessageChannel?>(MessageChannel(descriptor: connection))
    defer {
      requests.withLock { channel in
        channel = nil
        try? connection.close()
      }
    }
    let answers = MessageChannel(descriptor: connection, limit: BuildServerMessage.limit)
    guard
      requests.withLock({
        $0?.send(
          BuildServerRequest.build(
            options, directory: PathUtilities.currentDirectory(), terminalWidth: terminalWidth, umask: currentUmask()))
      }) == true
    else { return .unavailable("the build server at \(socket) did not take the build", printed: PrintedOutput()) }
    interruption.forward { _ = requests.withLock { $0?.send(BuildServerRequest.interrupt) } }
    var printed = PrintedOutput()
    while let message = answers.receive(BuildServerMessage.self) {
      switch message {
      case .output(let text):
        console.output(text)
        printed.add(text)
      case .progress(let line): console.progress(line)
      case .status(let text): console.status(text)
      case .alive: continue
      case .refused(let why): return .unavailable(why, printed: printed)
      case .exit(let status): return .built(status)
      }
    }
    if answers.failure == .timedOut { return .unavailable(server.silent, printed: printed) }
    return .unavailable("the build server stopped before the build ended (see \(socket).log)", printed: printed)
  }

  /// This process's umask, which the server's build writes files with
  /// (read by setting it and setting it back: no thread of the client
  /// creates files meanwhile).
  static func currentUmask() -> Int {
    let mask = umask(0o022)
    umask(mask)
    return Int(mask)
  }

  /// Asks the server of `executable` for `request` (`.status`, `.stop`)
  /// and hands its text to `output`.
  public static func ask(_ request: Request, executable: String, output: (String) -> Void) -> Answer {
    ask(request, socket: LocalSocket.path(forExecutable: executable), output: output)
  }

  /// The same, of the server at `socket`.
  static func ask(_ request: Request, socket: String, output: (String) -> Void) -> Answer {
    signal(SIGPIPE, SIG_IGN)
    let server: OwnServer
    do {
      guard let connected = try OwnServer(at: socket) else { return .noServer }
      server = connected
    } catch {
      return .failed(error.description)
    }
    defer { try? server.connection.close() }
    let channel = MessageChannel(descriptor: server.connection, limit: BuildServerMessage.limit)
    guard channel.send(request == .status ? BuildServerRequest.status : .stop) else {
      return .failed("the build server at \(socket) did not take the request")
    }
    while let message = channel.receive(BuildServerMessage.self) {
      switch message {
      case .output(let text), .progress(let text), .status(let text): output(text)
      case .alive: continue
      case .refused(let why): return .failed(why)
      case .exit: return request == .stop ? waitUntilGone(server) : .answered
      }
    }
    if channel.failure == .timedOut { return .failed(server.silent) }
    return request == .stop ? waitUntilGone(server) : .failed("the build server ended before it answered (see \(socket).log)")
  }

  /// `.answered` once the server that was asked to stop has exited: it
  /// holds the lock beside its socket (`.lock`) for its whole life, and
  /// the system releases it when the process ends. A build started after
  /// `--stop` then starts a new server instead of finding the old one
  /// going away.
  private static func waitUntilGone(_ server: OwnServer) -> Answer {
    let lock = open(server.socket + ".lock", O_RDWR | O_CLOEXEC)
    guard lock >= 0 else { return .answered }
    let gone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
      gone.signal()
    }
    guard gone.wait(timeout: .now() + BuildServerTimeout.seconds) == .success else {
      // The waiting thread keeps the descriptor: the process ends soon.
      return .failed(
        "the build server\(server.process.map { " (process \($0))" } ?? "") said it stops but did not exit within "
          + "\(BuildServerTimeout.described) (see \(server.socket).log)")
    }
    close(lock)
    return .answered
  }

  /// What `ask` can ask.
  public enum Request: Sendable {
    case status, stop
  }

  /// How `ask` went.
  public enum Answer: Equatable, Sendable {
    case answered
    case noServer
    /// Why there is no answer, in words.
    case failed(String)
  }

  /// The socket of `executable`'s server: a connection to the one that
  /// listens, else to one started now.
  private static func connect(_ socket: String, executable: String, idleSeconds: Double) -> Result<OwnServer, SocketError> {
    do {
      if let server = try OwnServer(at: socket) { return .success(server) }
      try LocalSocket.prepareFolder(of: socket)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["build-server", "--socket", socket, "--idle-timeout", "\(Int(idleSeconds))", "--detached"]
      // Nothing of the client's: a server holding the client's output
      // open would keep a pipe reading it (`| tee`, CI) waiting.
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      // Never through a link, nor in a folder put in the checked one's place.
      let log = try LocalSocket.openInFolder(
        of: socket, name: PathUtilities.fileName(of: socket) + ".log", flags: O_WRONLY | O_CREAT | O_TRUNC)
      process.standardError = FileHandle(fileDescriptor: log, closeOnDealloc: true)
      do {
        try process.run()
      } catch {
        throw SocketError("cannot start '\(executable) build-server': \(error)")
      }
      let waiting = Stopwatch()
      while waiting.seconds < startTimeout {
        if let server = try OwnServer(at: socket) { return .success(server) }
        usleep(5_000)
      }
    } catch let error as SocketError {
      return .failure(error)
    } catch {
      return .failure(SocketError("\(error)"))
    }
    return .failure(SocketError("the build server did not start within \(Int(startTimeout)) s (see \(socket).log)"))
  }
}

/// A connection to a server that runs as this user, in a folder that is
/// the user's alone.
private struct OwnServer {
  let connection: FileDescriptor
  let socket: String
  let process: pid_t?

  /// Nil when no server listens at `socket`; throws when the folder is not
  /// the user's alone or another user's process listens there.
  init?(at socket: String) throws(SocketError) {
    guard FileManager.default.fileExists(atPath: PathUtilities.directory(of: socket)) else { return nil }
    try LocalSocket.checkFolder(of: socket)
    guard let connection = LocalSocket.connection(to: socket) else { return nil }
    let peer = LocalSocket.peer(of: connection)
    guard let peer, peer.user == geteuid() else {
      let user = peer.map { "user \($0.user)" } ?? "an unknown user"
      try? connection.close()
      throw SocketError("the process listening at '\(socket)' runs as \(user), not as you: it is not used (remove that file)")
    }
    self.connection = connection
    self.socket = socket
    process = peer.process
    LocalSocket.setTimeouts(connection, receive: BuildServerTimeout.seconds, send: BuildServerTimeout.seconds)
  }

  /// The server said nothing for the time-out.
  var silent: String {
    "the build server\(process.map { " (process \($0))" } ?? "") did not answer within \(BuildServerTimeout.described) "
      + "(see \(socket).log)"
  }
}

/// What a build through the server printed on standard output: a build
/// run again without the server (the server ended during the build) does
/// not print those diagnostics a second time.
public struct PrintedOutput: Equatable, Sendable {
  private var counts: [String: Int] = [:]

  public init() {}

  mutating func add(_ text: String) { counts[text, default: 0] += 1 }

  /// `console`, whose output leaves out each text printed here (once for
  /// each time it was).
  public func omitted(from console: BuildConsole) -> BuildConsole {
    guard !counts.isEmpty else { return console }
    let left = LockedValue(counts)
    var omitting = console
    omitting.output = { text in
      let seen = left.withLock { counts -> Bool in
        guard let count = counts[text] else { return false }
        counts[text] = count > 1 ? count - 1 : nil
        return true
      }
      if !seen { console.output(text) }
    }
    return omitting
  }
}
