import Implicits
import Scheduling

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
  queue.enqueue("archive") {
    syncFolder("Archive", scope)
  } onQueued: { position in
    noteQueued(position, scope)
  }
}
