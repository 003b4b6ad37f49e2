// A job queue whose escaping parameter is typed by `typealias Job = () ->
// Void`, called with two trailing closures: `onQueued` runs during the
// call, the job runs when the app is idle, after the scope that provided
// the mail client has ended.
// expect: stops

let queue = JobQueue()
scheduleSync(on: queue)
queue.runWhenIdle()
