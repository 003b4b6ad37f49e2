import Implicits

final class HistoryService {
  private(set) var visits: [String] = []
  func visit(_ url: String) { visits.append(url) }
}

final class Analytics {
  private(set) var events: [String] = []
  func track(_ event: String) { events.append(event) }
}

final class Tab {
  @Implicit var history: HistoryService
  let url: String

  init(url: String, _ scope: ImplicitScope) {
    self.url = url
    history.visit(url)
  }
}

final class TabManager {
  private let implicits = #implicits
  private(set) var tabs: [Tab] = []
  let onSelect: (Int) -> String

  init(_ scope: ImplicitScope) {
    onSelect = withSelectImplicits { index, scope in
      @Implicit var analytics: Analytics
      analytics.track("select \(index)")
      return "selected \(index)"
    }
  }

  func createTab(_ url: String) -> Tab {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    let tab = Tab(url: url, scope)
    tabs.append(tab)
    return tab
  }
}

func startBrowser() -> (TabManager, HistoryService, Analytics) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var history = HistoryService()
  @Implicit var analytics = Analytics()
  return (TabManager(scope), history, analytics)
}
