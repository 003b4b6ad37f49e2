import Foundation
import Implicits

// A reducer: an enum of actions, a switch that calls a function per case.
enum FeedAction {
  case refresh
  case open(id: Identifier)
  case select(Item)
  case delete(IndexSet)
  case debug
}

struct FeedState {
  var items: [Item] = []
  var selection: Item?
  var sessions: [String: Session] = [:]
  var tags: Set<Tag> = []
}

struct Tag: Hashable {
  let name: String
  func apply(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.track(name)
  }
}

final class Session {
  func close(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.track("close")
  }
}

final class FeedReducer {
  func reduce(_ state: inout FeedState, _ action: FeedAction, _ scope: ImplicitScope) {
    switch action {
    case .refresh:
      refresh(&state, scope)
    case let .open(id):
      open(id, scope)
    case .select(let item):
      select(item, &state, scope)
    case .delete(let offsets):
      delete(offsets, &state, scope)
    case .debug:
      #if DEBUG
        showDebugMenu(scope)
      #endif
    }
  }

  private func refresh(_ state: inout FeedState, _ scope: ImplicitScope) {
    @Implicit(\.apiBaseURL) var baseURL: URL
    for item in state.items {
      render(item, scope)
    }
    for (index, item) in state.items.enumerated() where index > 0 {
      render(item, scope)
    }
    for session in state.sessions.values {
      session.close(scope)
    }
    for (_, session) in state.sessions {
      session.close(scope)
    }
    for tag in state.tags.sorted(by: { $0.name < $1.name }) {
      tag.apply(scope)
    }
    state.selection?.title = baseURL.absoluteString
  }

  private func open(_ id: Identifier, _ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.track("open \(id)")
  }

  private func select(_ item: Item, _ state: inout FeedState, _ scope: ImplicitScope) {
    state.selection = item
    render(item, scope)
  }

  private func delete(_ offsets: IndexSet, _ state: inout FeedState, _ scope: ImplicitScope) {
    state.items.remove(atOffsets: offsets)
    _ = Int.parse("1", scope)
  }

  private func showDebugMenu(_ scope: ImplicitScope) {
    @Implicit(\.isDebugMenuEnabled) var enabled: Bool
    _ = enabled
  }

  private func render(_ item: Item, _ scope: ImplicitScope) {
    @Implicit var loader: ImageLoader
    _ = loader.load(URL(fileURLWithPath: "/\(item.id)"))
    _ = item.title.localized(scope)
  }
}

extension Array {
  mutating func remove(atOffsets offsets: IndexSet) {}
}
