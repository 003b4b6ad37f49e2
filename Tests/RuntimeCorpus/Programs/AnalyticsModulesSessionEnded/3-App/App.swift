import Analytics
import Core
import Implicits

func runApp() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var queue = EventQueue()
  // The session id lives in `startSession`'s nested scope; the screen
  // view tracked afterwards assumes it is still there.
  startSession("s-42", scope)
  track("screen_view", scope)
  return queue.events
}
