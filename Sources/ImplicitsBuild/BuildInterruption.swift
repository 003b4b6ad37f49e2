import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM into a clean stop: no new module
/// starts, running ones finish writing (each output is written to a
/// temporary file and renamed), and the build ends with status 130.
public final class BuildInterruption: @unchecked Sendable {
  private let state = LockedValue<(scheduler: Scheduler?, interrupted: Bool)>((nil, false))
  private var sources: [DispatchSourceSignal] = []

  public init() {}

  /// Starts catching the signals.
  public func install() {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { [weak self] in self?.interrupt() }
      source.resume()
      sources.append(source)
    }
  }

  public func interrupt() {
    let scheduler = state.withLock { state -> Scheduler? in
      state.interrupted = true
      return state.scheduler
    }
    scheduler?.stop()
  }

  public var wasInterrupted: Bool { state.withLock { $0.interrupted } }

  func attach(_ scheduler: Scheduler) {
    let interrupted = state.withLock { state -> Bool in
      state.scheduler = scheduler
      return state.interrupted
    }
    if interrupted { scheduler.stop() }
  }

  func detach() {
    state.withLock { $0.scheduler = nil }
  }
}
