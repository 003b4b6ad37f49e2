import Implicits
import Networking

final class Session {
  let user = "ada"
}

func describeRequest(_ path: String, _ scope: ImplicitScope) -> String {
  @Implicit var session: Session
  return "\(session.user) GET \(path)"
}

func handle(_ path: String, log: DebugLog, _ scope: ImplicitScope) {
  // 'debug' keeps its autoclosure and formats it when flushed.
  log.debug(describeRequest(path, scope))
}

func runRequests(log: DebugLog) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session()
  handle("/inbox", log: log, scope)
}
