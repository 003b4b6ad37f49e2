import Foundation
import Implicits

// The article's components, from "Type Keys и Named Keys" to "Реальный
// пример из production".

/// Where every analytics event ends up, in order.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [String] = []
  func append(_ event: String) { lock.withLock { events.append(event) } }
  func drain() -> [String] {
    lock.withLock {
      defer { events.removeAll() }
      return events
    }
  }
}

final class Analytics {
  let prefix: String
  let log: EventLog
  init(prefix: String = "", log: EventLog) {
    self.prefix = prefix
    self.log = log
  }
  func prefixed(_ component: String) -> Analytics { Analytics(prefix: prefix + component + ":", log: log) }
  func trackEvent(_ name: String) { log.append(prefix + name) }
  func trackSearch(query: String) { trackEvent("search:\(query)") }
  func trackSearchResults(count: Int) { trackEvent("search_results:\(count)") }
  func trackCellCreated() { trackEvent("cell_created") }
}

// MARK: Named keys

extension ImplicitKeys {
  static let apiBaseURL = Key<URL>()
  static let cdnBaseURL = Key<URL>()
  static let suppressInformers = Key<Bool>()
  static let showGeoInformers = Key<Bool>()
  static let keyboardDisabledByPolicy = Key<Bool>()
  static let authenticatedNetwork = Key<AuthenticatedNetworkService>()
  static let apiClient = Key<APIClient>()
}

struct NetworkDeps {
  var parsingQueue: String
  var operationQueue: String
}

final class RemoteCityServer {
  let description: String
  init(_ scope: ImplicitScope) {
    @Implicit var networkDeps: NetworkDeps
    description = "parsing on \(networkDeps.parsingQueue), requests on \(networkDeps.operationQueue)"
  }
}

struct Informers {
  var showGeo: Bool
}

struct Appearance {
  var cityServer: RemoteCityServer
  var informers: Informers?

  init(cityServer: RemoteCityServer, informers: Informers?) {
    self.cityServer = cityServer
    self.informers = informers
  }

  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }

    @Implicit var networkDeps = NetworkDeps(parsingQueue: "parsing", operationQueue: "network")

    // Именованные ключи для флагов
    @Implicit(\.suppressInformers) var suppressInformers = false
    @Implicit(\.showGeoInformers) var showGeo = true

    self.init(
      cityServer: RemoteCityServer(scope),
      informers: suppressInformers ? nil : Informers(showGeo: showGeo)
    )
  }
}

final class KeyboardModule {}

struct KeyboardSettings {
  var module: KeyboardModule
  var isEnabled: Bool
}

func makeKeyboardSettings(_ scope: ImplicitScope) -> KeyboardSettings? {
  @Implicit var keyboardModule: KeyboardModule?
  @Implicit(\.keyboardDisabledByPolicy) var disabledByPolicy

  guard let module = keyboardModule else {
    return nil  // Клавиатура недоступна
  }

  return KeyboardSettings(
    module: module,
    isEnabled: !disabledByPolicy
  )
}

// MARK: Explicit and implicit parameters together

struct AboutPageFeatures {
  var recommendationsURL: String
}

struct About {
  var text: String

  init(country: String, _ scope: ImplicitScope) {
    @Implicit var aboutFeatures: AboutPageFeatures
    text = "About for \(country): recommendations at \(aboutFeatures.recommendationsURL)"
  }
}

// MARK: Implicit.map

struct SuggestionsList {
  init(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.trackEvent("suggestions_shown")
  }
}

struct SearchField {
  init(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.trackEvent("field_focused")
  }
}

struct Autocomplete {
  init(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.trackEvent("completion_offered")
  }
}

final class OmniboxComponent {
  let suggestionsList: SuggestionsList
  let searchField: SearchField
  let autocomplete: Autocomplete

  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }

    // Трансформируем Analytics в версию с префиксом
    Implicit.map(Analytics.self, to: Analytics.self) { analytics in
      analytics.prefixed("omnibox")
    }

    // Все подкомпоненты автоматически получат префиксную аналитику
    self.suggestionsList = SuggestionsList(scope)
    self.searchField = SearchField(scope)
    self.autocomplete = Autocomplete(scope)
  }
}

final class AuthenticatedNetworkService {
  let network: NetworkService
  let authToken: String
  init(network: NetworkService, authToken: String) {
    self.network = network
    self.authToken = authToken
  }
}

final class APIClient {
  let network: AuthenticatedNetworkService
  init(network: AuthenticatedNetworkService) { self.network = network }
  func get(_ path: String) -> String {
    "GET \(network.network.baseURL.absoluteString)\(path) with token \(network.authToken)"
  }
}

// MARK: Stored @Implicit properties

final class SearchController {
  @Implicit var analytics: Analytics
  @Implicit var network: NetworkService

  init(_ scope: ImplicitScope) {}

  func performSearch(query: String) -> String {
    analytics.trackSearch(query: query)
    return network.search(query: query)
  }
}

// MARK: Deferred use: bags

final class Telemetry {}
final class SessionManager {
  let id = "session-1"
}

final class Tab {
  @Implicit var analytics: Analytics
  @Implicit var telemetry: Telemetry
  @Implicit var database: DatabaseService
  @Implicit var sessionManager: SessionManager
  init(_ scope: ImplicitScope) {
    analytics.trackEvent("tab_created:\(sessionManager.id)")
  }
}

final class TabManager {
  private let implicits = Implicits(
    capturing: .type(Analytics.self), .type(Telemetry.self), .type(DatabaseService.self),
    .type(SessionManager.self))

  init(_ scope: ImplicitScope) {
    // Зависимости доступны в инициализаторе
  }

  func createTab() -> Tab {
    // Восстанавливаем контекст зависимостей
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return Tab(scope)
  }
}

final class FeedWidget {
  @Implicit var analytics: Analytics
  init(_ scope: ImplicitScope) {
    analytics.trackEvent("feed_widget_created")
  }
}

final class HomePageComponent {
  private let implicits = Implicits(capturing: .type(Analytics.self))

  init(_ scope: ImplicitScope) {}

  lazy var feedWidget: FeedWidget = {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return FeedWidget(scope)
  }()
}

struct SearchResponse {
  var items: [String]
}

final class SearchUI {
  @Implicit var responseHandler: (SearchResponse) -> Void
  init(_ scope: ImplicitScope) {}
  func receive(_ response: SearchResponse) { responseHandler(response) }
}

/// The article's SearchComponent whose response handler becomes an implicit.
final class SearchResultsComponent {
  let searchUI: SearchUI

  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }

    // Создаём обработчик, который сам становится implicit-зависимостью
    let handleResponse: (SearchResponse) -> Void = { [implicits = Implicits(capturing: .type(Analytics.self))] response in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      @Implicit var analytics: Analytics
      analytics.trackSearchResults(count: response.items.count)
    }

    // Делаем handleResponse доступным как implicit
    @Implicit var responseHandler = handleResponse

    self.searchUI = SearchUI(scope)
  }
}

// MARK: The article's closing example

struct Container {
  var list: ListView
}

struct ListView {
  var built: Bool
}

func buildScreen() -> Container {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics(log: articleLog)
  @Implicit var logger = Logger(name: "ConsoleLogger")
  let container = buildContainer(scope)
  for line in logger.lines { articleLog.append(line) }
  return container
}

func buildContainer(_ scope: ImplicitScope) -> Container {
  let list = buildList(scope)
  return Container(list: list)
}

func buildList(_: ImplicitScope) -> ListView {
  @Implicit var analytics: Analytics
  @Implicit var logger: Logger
  analytics.trackEvent("list_created")
  logger.log("Building list")
  return ListView(built: true)
}

let articleLog = EventLog()
