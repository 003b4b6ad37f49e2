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
import ImplicitsToolSupport
import SystemPackage

/// One client's connection, as the build server answers it: what the
/// server writes goes out under one lock, with the socket's send time-out
/// (`BuildServerTimeout`): a client that takes nothing for that long (a
/// client stopped with Ctrl-Z while its build prints) has its build
/// interrupted and is written no more, so it does not hold the other
/// builds up. Every `BuildServerTimeout.heartbeat` seconds it tells the
/// client it is alive, so that a client of a stopped server stops waiting.
final class ClientSession: @unchecked Sendable {
  let connection: FileDescriptor
  /// The build's interruption: Ctrl-C at the client, the client gone, or
  /// the client not reading.
  let interruption = BuildInterruption()
  private let answers: LockedValue<(channel: MessageChannel, open: Bool)>
  private let log: @Sendable (String) -> Void
  private var heartbeat: DispatchSourceTimer?

  init(connection: FileDescriptor, log: @escaping @Sendable (String) -> Void) {
    self.connection = connection
    self.log = log
    answers = LockedValue((MessageChannel(descriptor: connection, sendTimeout: BuildServerTimeout.seconds), true))
    interruption.exitAtOnce = {}
  }

  /// Writes `message` unless the client stopped taking what is written.
  func answer(_ message: BuildServerMessage) {
    let failure = answers.withLock { answers -> MessageChannel.Failure? in
      guard answers.open, !answers.channel.send(message) else { return nil }
      answers.open = false
      return answers.channel.failure
    }
    guard let failure else { return }
    if failure == .timedOut {
      log(
        "implicits build-server: a client took nothing of its build's output for \(BuildServerTimeout.described) "
          + "(stopped?): its build is interrupted")
    }
    // Not on this thread: it may hold the lock of the build's printing,
    // which the interruption prints under.
    DispatchQueue.global().async { self.interruption.interrupt() }
  }

  /// Says `.alive` now and then until `end`.
  func startHeartbeat() {
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .now(), repeating: BuildServerTimeout.heartbeat)
    timer.setEventHandler { [weak self] in self?.answer(.alive) }
    heartbeat = timer
    timer.resume()
  }

  /// Nothing more is written; the connection can be closed.
  func end() {
    heartbeat?.cancel()
    answers.withLock { $0.open = false }
  }
}

/// The build server's builds, one at a time (a build takes the kept
/// sessions of its modules and the cores it was given). A client that waits for its turn and is interrupted (Ctrl-C,
/// or it left) stops waiting at once.
final class BuildQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var busy = false

  /// Takes the turn; false when `cancelled` held first. `waiting` is
  /// called once, when the turn is another build's.
  func enter(waiting: () -> Void, cancelled: () -> Bool) -> Bool {
    if condition.withLock({ busy }) { waiting() }
    condition.lock()
    defer { condition.unlock() }
    while busy {
      if cancelled() { return false }
      condition.wait()
    }
    if cancelled() { return false }
    busy = true
    return true
  }

  func leave() {
    condition.withLock {
      busy = false
      condition.broadcast()
    }
  }

  /// Has the waiting clients look at `cancelled` again.
  func wake() {
    condition.withLock { condition.broadcast() }
  }
}
