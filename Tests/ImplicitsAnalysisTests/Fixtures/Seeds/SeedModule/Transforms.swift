import Implicits

final class GuestStorage {
  init(_ database: DatabaseService) {}
}
final class GuestMode {
  init(_ scope: ImplicitScope) {
    @Implicit(\.guestStorage) var storage: GuestStorage
  }
}
extension ImplicitsKeys {
  static let guestStorage = Key<GuestStorage>()
  static let authenticatedNetwork = Key<AuthenticatedNetworkService>()
  static let apiClient = Key<APIClient>()
}

final class MapApp {
  @Implicit()
  var databaseService: DatabaseService
  var guestMode: GuestMode

  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }

    Implicit.map(DatabaseService.self, to: \.guestStorage) {
      GuestStorage($0)
    }

    self.guestMode = GuestMode(scope)
  }
}

final class Analytics {
  func prefixed(_ prefix: String) -> Analytics { self }
}
final class SuggestionsList { init(_ scope: ImplicitScope) { @Implicit var analytics: Analytics } }
final class SearchField { init(_ scope: ImplicitScope) { @Implicit var analytics: Analytics } }

final class OmniboxComponent {
  let suggestionsList: SuggestionsList
  let searchField: SearchField

  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }

    Implicit.map(Analytics.self, to: Analytics.self) { analytics in // unread: it shadows the outer Analytics
      analytics.prefixed("omnibox")
    }

    self.suggestionsList = SuggestionsList(scope)
    self.searchField = SearchField(scope)
  }
}

final class AuthenticatedNetworkService {
  init(network: NetworkService, authToken: String) {}
}
final class APIClient {
  init(network: AuthenticatedNetworkService) {}
}
final class Endpoint {
  init(_ scope: ImplicitScope) {
    @Implicit(\.apiClient) var client: APIClient
  }
}

func configureNetwork(_ scope: ImplicitScope) -> Endpoint {
  let scope = scope.nested()
  defer { scope.end() }

  Implicit.map(NetworkService.self, to: \.authenticatedNetwork) { network in
    AuthenticatedNetworkService(network: network, authToken: "...")
  }

  Implicit.map(\.authenticatedNetwork, to: \.apiClient) { authenticatedNetwork in
    APIClient(network: authenticatedNetwork)
  }

  Implicit.map(\.apiClient, to: APIClient.self) { $0 } // unread

  return Endpoint(scope)
}

func startApp() {
  withScope { scope in
    @Implicit var network = NetworkService()
    @Implicit var database = DatabaseService()
    @Implicit var analytics = Analytics()
    _ = MapApp(scope)
    _ = OmniboxComponent(scope)
    _ = configureNetwork(scope)
  }
}
