#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import ImplicitsToolSupport

/// Turns Ctrl-C (SIGINT) and SIGTERM into a stop within a second: no new
/// module starts, the running analyses are killed (each output is renamed
/// into place whole, and a module's record is stored after its outputs, so
/// a killed analysis only leaves its module to be analyzed again), the
/// status line says what the build still waits for, and the build ends
/// with status 130. A second Ctrl-C ends the process at once: the build
/// database is a journal that a kill leaves consistent.
public final class BuildInterruption: @unchecked Sendable {
  private struct State {
    var scheduler: Scheduler?
    var executor: (any AnalysisExecutor)?
    var progress: BuildProgress?
    /// Tells a build server (`BuildServerClient`) to stop its build.
    var forwarded: (@Sendable () -> Void)?
    var signals = 0
  }
  private let state = LockedValue(State())
  private var sources: [DispatchSourceSignal] = []
  /// What a second signal does (tests replace the exit).
  package var exitAtOnce: @Sendable () -> Void = {
    let text = "\r\u{1B}[Kimplicits: stopped at once (second interrupt)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    _exit(130)
  }

  public init() {}

  /// Starts catching the signals.
  public func install() {
    Self.unblock([SIGINT, SIGTERM])
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      // Signals that arrive together are coalesced: `data` counts them.
      // (The handler holds its source: both live as long as the command.)
      source.setEventHandler { [weak self] in
        for _ in 0..<max(1, source.data) { self?.interrupt() }
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Lets `signals` reach this thread (the main thread, which lives as
  /// long as the process): a process inherits its parent's blocked
  /// signals, and a parent that starts it from a thread that blocks them
  /// (a Foundation `Process` run on a dispatch thread does) would leave
  /// Ctrl-C and `kill` pending forever.
  package static func unblock(_ signals: [Int32]) {
    var set = sigset_t()
    sigemptyset(&set)
    for signalNumber in signals { sigaddset(&set, signalNumber) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  public func interrupt() {
    let (signals, current) = state.withLock { state -> (Int, State) in
      state.signals += 1
      return (state.signals, state)
    }
    if signals > 1 {
      _ = current.executor?.stop()
      exitAtOnce()
      return
    }
    stop(current)
  }

  public var wasInterrupted: Bool { state.withLock { $0.signals > 0 } }

  /// Interrupts go to `action` from now on (a build that runs in a build
  /// server); at once when one came already.
  public func forward(_ action: @escaping @Sendable () -> Void) {
    let signals = state.withLock { state -> Int in
      state.forwarded = action
      return state.signals
    }
    if signals > 0 { action() }
  }

  private func stop(_ current: State) {
    current.forwarded?()
    current.scheduler?.stop()
    let stopped = current.executor?.stop() ?? 0
    current.progress?.interrupted(stoppedAnalyses: stopped)
  }

  func attach(_ scheduler: Scheduler, executor: any AnalysisExecutor, progress: BuildProgress) {
    let current = state.withLock { state -> State in
      state.scheduler = scheduler
      state.executor = executor
      state.progress = progress
      return state
    }
    if current.signals > 0 { stop(current) }
  }

  func detach() {
    state.withLock { state in
      state.scheduler = nil
      state.executor = nil
      state.progress = nil
    }
  }
}
