// Another module's job queue takes its escaping job as `Job`, a typealias
// of a function type, and a non-escaping `onQueued`; the app passes two
// trailing closures. The job runs when the app is idle, after the scope
// that provided the mail client has ended.
// expect: stops
import Scheduling

let queue = JobQueue()
scheduleSync(on: queue)
queue.runWhenIdle()
