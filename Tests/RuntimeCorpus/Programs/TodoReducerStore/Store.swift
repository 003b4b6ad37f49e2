import Implicits

struct TodoState {
  var items: [String] = []
  var done: Set<Int> = []
  var log: [String] = []
}

enum TodoAction {
  case add(String)
  case toggle(Int)
  case clearDone
  case sync
}

final class Clock {
  let label: String
  private var tick = 0
  init(label: String) { self.label = label }
  func now() -> String {
    tick += 1
    return "\(label)+\(tick)"
  }
}

final class SyncClient {
  private(set) var pushed = 0
  func push(_ items: [String]) { pushed += items.count }
}

final class TodoStore {
  private(set) var state = TodoState()

  func send(_ action: TodoAction, _ scope: ImplicitScope) {
    state = reduce(state, action, scope)
  }
}

func reduce(_ state: TodoState, _ action: TodoAction, _ scope: ImplicitScope) -> TodoState {
  var state = state
  switch action {
  case let .add(title):
    state.items.append(title)
    stamp(&state, "add \(title)", scope)
  case let .toggle(index) where state.done.contains(index):
    state.done.remove(index)
    stamp(&state, "undo \(index)", scope)
  case let .toggle(index):
    state.done.insert(index)
    stamp(&state, "done \(index)", scope)
  case .clearDone:
    state.items = state.items.enumerated().filter { !state.done.contains($0.offset) }.map(\.element)
    state.done = []
    stamp(&state, "clear", scope)
  case .sync:
    sync(state, scope)
    stamp(&state, "sync", scope)
  }
  return state
}

func stamp(_ state: inout TodoState, _ event: String, _: ImplicitScope) {
  @Implicit var clock: Clock
  state.log.append("\(clock.now()) \(event)")
}

func sync(_ state: TodoState, _ scope: ImplicitScope) {
  @Implicit var client: SyncClient
  // Sync events are stamped with the server's clock.
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var clock = Clock(label: "server")
  client.push(state.items)
  var copy = state
  stamp(&copy, "pushed \(client.pushed)", scope)
  print(copy.log.last!)
}

func runTodoSession() -> TodoState {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock(label: "local")
  @Implicit var client = SyncClient()
  let store = TodoStore()
  let actions: [TodoAction] = [.add("milk"), .add("mail"), .toggle(0), .toggle(1), .toggle(1), .clearDone, .sync]
  for action in actions {
    store.send(action, scope)
  }
  return store.state
}
