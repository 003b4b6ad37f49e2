import Implicits

final class Telemetry {}
final class SessionManager {}
final class Tab {
  init(_ scope: ImplicitScope) {
    @Implicit var telemetry: Telemetry
    @Implicit var sessionManager: SessionManager
  }
}

final class TabManager {
  private let implicits = #implicits

  init(_ scope: ImplicitScope) {}

  func createTab() -> Tab {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return Tab(scope)
  }
}

final class FeedWidget {
  init(_ scope: ImplicitScope) {
    @Implicit var telemetry: Telemetry
  }
}

final class HomePageComponent {
  private let implicits = #implicits

  init(_ scope: ImplicitScope) {}

  lazy var feedWidget: FeedWidget = {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return FeedWidget(scope)
  }()
}

struct SearchResponse {
  var items: [Int]
}
final class SearchAnalytics {
  func trackSearchResults(count: Int) {}
}
final class SearchUI {
  init(_ scope: ImplicitScope) {
    @Implicit var responseHandler: (SearchResponse) -> Void
  }
}

final class ResultsComponent {
  var searchUI: SearchUI

  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }

    let handleResponse: (SearchResponse) -> Void = { [implicits = #implicits] response in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      @Implicit var analytics: SearchAnalytics
      analytics.trackSearchResults(count: response.items.count)
    }

    @Implicit var responseHandler = handleResponse // key: (SearchResponse) -> Void

    self.searchUI = SearchUI(scope)
  }
}

final class SearchController {
  @Implicit var analytics: Analytics
  @Implicit var network: NetworkService

  init(_ scope: ImplicitScope) {}

  func performSearch(query: String) {}
}

func loadUserProfile(userId: String, _: ImplicitScope) {
  @Implicit var network: NetworkService
}

func runDeferred() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var telemetry = Telemetry()
  @Implicit var sessionManager = SessionManager()
  @Implicit var analytics = Analytics()
  @Implicit var searchAnalytics = SearchAnalytics()
  @Implicit var network = NetworkService()
  let manager = TabManager(scope)
  _ = manager.createTab()
  _ = HomePageComponent(scope)
  _ = ResultsComponent(scope)
  _ = SearchController(scope)
  loadUserProfile(userId: "42", scope)
}

func asyncWork(_ scope: ImplicitScope) async {
  @Implicit var network: NetworkService
}

func asyncStart() async {
  await withScope { scope in
    @Implicit var network = NetworkService()
    await asyncWork(scope)
  }
}
