// Another module's '@escaping @autoclosure' keeps the argument; it is
// evaluated when the log is flushed, after the scope has ended.
// expect: stops
import Networking

let log = DebugLog()
runRequests(log: log)
log.flush()
