import Implicits

final class EventBus {
  private var handlers: [(String) -> Void] = []
  func on(_ handler: @escaping (String) -> Void) { handlers.append(handler) }
  func emit(_ event: String) { handlers.forEach { $0(event) } }
  func removeAll() { handlers = [] }
}

func runChatSession(bus: EventBus, events: [String]) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = MessageStore()
  @Implicit var summarizer = Summarizer(maxWords: 3)
  var log: [String] = []
  lazy var summary = summarize(scope)
  bus.on { event in
    if event == "collapse" { log.append("summary: \(summary)") }
  }
  // The session replays its events while it is open, then unsubscribes.
  for event in events { bus.emit(event) }
  bus.removeAll()
  return log
}
