import Core
import Implicits

extension ImplicitsKeys {
  public static let sessionID = Key<String>()
}

public func track(_ name: String, _: ImplicitScope) {
  @Implicit var queue: EventQueue
  @Implicit(\.sessionID) var session: String
  queue.enqueue("\(session):\(name)")
}

public func startSession(_ id: String, _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit(\.sessionID) var session = id
  track("session_start", scope)
}
