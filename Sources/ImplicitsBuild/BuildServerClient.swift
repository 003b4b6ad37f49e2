import Dispatch
import Foundation
import ImplicitsFileSystem
import SystemPackage

/// The client side of the build server: `implicits build --server` hands
/// its build to the server of the same executable (starting one when none
/// runs), prints what the build prints, and exits with its status.
public enum BuildServerClient {
  /// How long a client waits for a server it started to listen.
  static let startTimeout = 10.0

  /// How the hand-over went.
  public enum Outcome: Equatable {
    /// The server ran the build, which ended with this status.
    case built(Int32)
    /// No server could run it (why, in words): the caller builds itself.
    case unavailable(String)
  }

  /// Runs `options`' build in the server of `executable`, started with
  /// `idleSeconds` when none runs; Ctrl-C (`interruption`) stops the build
  /// in the server.
  public static func build(
    _ options: BuildOptions, executable: String, idleSeconds: Double, terminalWidth: Int?, console: BuildConsole,
    interruption: BuildInterruption
  ) -> Outcome {
    let socket = LocalSocket.path(forExecutable: executable)
    let connection: FileDescriptor
    switch connect(socket, executable: executable, idleSeconds: idleSeconds) {
    case .success(let connected): connection = connected
    case .failure(let error): return .unavailable(error.description)
    }
    // Requests go out under this lock, and the connection closes under it:
    // a late Ctrl-C never writes to a descriptor that is no longer it.
    let requests = LockedValue<MessageChannel?>(MessageChannel(descriptor: connection))
    defer {
      requests.withLock { channel in
        channel = nil
        try? connection.close()
      }
    }
    let answers = MessageChannel(descriptor: connection)
    guard
      requests.withLock({
        $0?.send(BuildServerRequest.build(options, directory: PathUtilities.currentDirectory(), terminalWidth: terminalWidth))
      }) == true
    else { return .unavailable("the build server at \(socket) did not take the build") }
    interruption.forward { _ = requests.withLock { $0?.send(BuildServerRequest.interrupt) } }
    while let message = answers.receive(BuildServerMessage.self) {
      switch message {
      case .output(let text): console.output(text)
      case .progress(let line): console.progress(line)
      case .status(let text): console.status(text)
      case .exit(let status): return .built(status)
      }
    }
    return .unavailable("the build server stopped before the build ended (see \(socket).log)")
  }

  /// Asks the server of `executable` for `request` (`.status`, `.stop`)
  /// and hands its text to `output`; false when no server runs.
  public static func ask(_ request: Request, executable: String, output: (String) -> Void) -> Bool {
    ask(request, socket: LocalSocket.path(forExecutable: executable), output: output)
  }

  /// The same, of the server at `socket`.
  static func ask(_ request: Request, socket: String, output: (String) -> Void) -> Bool {
    guard let connection = LocalSocket.connection(to: socket) else { return false }
    defer { try? connection.close() }
    let channel = MessageChannel(descriptor: connection)
    guard channel.send(request == .status ? BuildServerRequest.status : .stop) else { return false }
    while let message = channel.receive(BuildServerMessage.self) {
      switch message {
      case .output(let text), .progress(let text), .status(let text): output(text)
      case .exit: return true
      }
    }
    return request == .stop  // it ended
  }

  /// What `ask` can ask.
  public enum Request: Sendable {
    case status, stop
  }

  /// The socket of `executable`'s server: a connection to the one that
  /// listens, else to one started now.
  private static func connect(_ socket: String, executable: String, idleSeconds: Double) -> Result<FileDescriptor, SocketError> {
    if let connection = LocalSocket.connection(to: socket) { return .success(connection) }
    do {
      try LocalSocket.prepareFolder(of: socket)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["build-server", "--socket", socket, "--idle-timeout", "\(Int(idleSeconds))", "--detached"]
      // Nothing of the client's: a server holding the client's output
      // open would keep a pipe reading it (`| tee`, CI) waiting.
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      _ = FileManager.default.createFile(atPath: socket + ".log", contents: nil, attributes: [.posixPermissions: 0o600])
      process.standardError = FileHandle(forWritingAtPath: socket + ".log") ?? FileHandle.nullDevice
      try process.run()
    } catch let error as SocketError {
      return .failure(error)
    } catch {
      return .failure(SocketError("cannot start '\(executable) build-server': \(error)"))
    }
    let start = DispatchTime.now()
    while Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 < startTimeout {
      if let connection = LocalSocket.connection(to: socket) { return .success(connection) }
      usleep(5_000)
    }
    return .failure(SocketError("the build server did not start within \(Int(startTimeout)) s (see \(socket).log)"))
  }
}
