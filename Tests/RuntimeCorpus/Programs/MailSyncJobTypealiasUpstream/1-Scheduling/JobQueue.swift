public typealias Job = () -> Void

/// Background work: jobs are kept and run when the app is idle;
/// `onQueued` reports the queue's length right away.
public final class JobQueue {
  private var jobs: [(name: String, run: Job)] = []

  public init() {}

  public func enqueue(_ name: String, _ job: @escaping Job, onQueued: (Int) -> Void) {
    jobs.append((name, job))
    onQueued(jobs.count)
  }

  public func runWhenIdle() {
    let pending = jobs
    jobs = []
    for job in pending {
      print("running \(job.name)")
      job.run()
    }
  }
}
