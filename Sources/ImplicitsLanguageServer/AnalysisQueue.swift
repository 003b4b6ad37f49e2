import Foundation
import ImplicitsAnalysis

/// The server's analyses, hovers and code actions, run in order on one
/// thread with the analyzer's deep stack (`LargeStackThread`), which lives
/// as long as the server: an analysis runs in place instead of getting a
/// thread of its own at every edit (a new thread's stack and its memory
/// arena are cold each time).
final class AnalysisQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var pending: [() -> Void] = []

  init(name: String) {
    LargeStackThread.start(name: name) { [self] in
      while true {
        condition.lock()
        while pending.isEmpty { condition.wait() }
        let work = pending.removeFirst()
        condition.unlock()
        work()
      }
    }
  }

  func async(_ work: @escaping () -> Void) {
    condition.lock()
    pending.append(work)
    condition.signal()
    condition.unlock()
  }

  /// Waits until the work queued before is done.
  func waitForPendingWork() {
    let done = DispatchSemaphore(value: 0)
    async { done.signal() }
    done.wait()
  }
}
