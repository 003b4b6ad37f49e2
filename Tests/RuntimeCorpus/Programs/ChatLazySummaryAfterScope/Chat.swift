import Implicits

final class NotificationCenter {
  private var observers: [(String) -> Void] = []
  func observe(_ block: @escaping (String) -> Void) { observers.append(block) }
  func post(_ name: String) { observers.forEach { $0(name) } }
}

func openChat(notifications: NotificationCenter) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = MessageStore()
  @Implicit var summarizer = Summarizer(maxWords: 4)
  var shown: [String] = ["chat opened"]
  // The summary is computed the first time the app goes to background.
  lazy var summary = summarize(scope)
  notifications.observe { name in
    if name == "background" { print("summary:", summary) }
  }
  shown.append("\(store.messages.count) messages")
  return shown
}
