import Implicits

typealias Job = () -> Void

/// Background work of the mail app: jobs are kept and run when the app is
/// idle; `onQueued` reports the queue's length right away.
final class JobQueue {
  private var jobs: [(name: String, run: Job)] = []

  func enqueue(_ name: String, _ job: @escaping Job, onQueued: (Int) -> Void) {
    jobs.append((name, job))
    onQueued(jobs.count)
  }

  func runWhenIdle() {
    let pending = jobs
    jobs = []
    for job in pending {
      print("running \(job.name)")
      job.run()
    }
  }
}

final class MailClient {
  func fetch(_ folder: String) -> Int { folder.count }
}

final class ActivityLog {
  func note(_ text: String) { print("activity:", text) }
}

func syncFolder(_ folder: String, _: ImplicitScope) {
  @Implicit var mail: MailClient
  print("\(folder): \(mail.fetch(folder)) new")
}

func noteQueued(_ position: Int, _: ImplicitScope) {
  @Implicit var activity: ActivityLog
  activity.note("sync queued at \(position)")
}

func scheduleSync(on queue: JobQueue) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var mail = MailClient()
  @Implicit var activity = ActivityLog()
  queue.enqueue("inbox") {
    syncFolder("Inbox", scope)
  } onQueued: { position in
    noteQueued(position, scope)
  }
}
