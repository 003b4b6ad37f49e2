import Foundation
import Implicits

// Runs the examples of the README and of the article, printing what each
// does. The output does not depend on timing: where several threads or tasks
// report, their lines are sorted.

// MARK: - README: shopping

section("Shopping (README)")
do {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit var wallet = Wallet(balance: 500)
  @Implicit var card = DiscountCard(discount: 0.1)
  goShopping(scope)

  for line in wallet.log { print(line) }
  print("remaining balance \(money(wallet.balance))")
}

// MARK: - Article: passing the scope down

section("Request through three functions (article)")
do {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit var database = Database()
  @Implicit var logger = Logger(name: "ConsoleLogger")

  handleUserAction(action: "tap", scope)
  for line in logger.lines { print(line) }
}

// MARK: - Nested scopes

section("Nested scopes (article)")
do {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger(name: "rootLogger")
  for line in handleRequest(scope) { print(line) }
  print("root after handleRequest: doSomething logs with \(doSomething(scope))")
}

section("App launch (README)")
let profile: ProfileComponent
let feed: FeedComponent
do {
  let scope = ImplicitScope()
  defer { scope.end() }

  // Declare dependencies as implicit
  @Implicit
  var network = NetworkService()

  @Implicit
  var database = DatabaseService()

  // Components can now access these dependencies
  @Implicit
  var search = SearchComponent(scope)

  @Implicit
  var feedComponent = FeedComponent(scope)

  @Implicit
  var profileComponent = ProfileComponent(scope)

  print("SearchComponent: suggestions read the nested ImageService, built with the parent's NetworkService: \(search.suggestionsService.imageService.network === network)")
  print("SearchComponent: suggestions read the parent's DatabaseService: \(search.suggestionsService.databaseService === database)")
  print("SearchComponent: ImageService visible after its nested scope ended: \(search.imageServiceVisibleAfterInit)")

  let app = App(scope)
  print(app.start())
  print("GuestStorage visible after App's nested scope ended: \(!ImplicitScope.dumpCurrent()[like: "guestStorage"].isEmpty)")
  profile = profileComponent
  feed = feedComponent
}
print("implicits visible after launch: \(visibleCount())")
let screen = profile.makeScreen()
print("ProfileComponent.makeScreen: screen has the launch's NetworkService: \(screen.networkService === profile.networkService)")
print("ProfileComponent.makeScreen: screen has the launch's SearchComponent: \(screen.searchComponent === profile.searchComponent)")
print("ProfileComponent.makeProfileUI: guestModeEnabled = \(profile.makeProfileUI().guestModeEnabled.value)")
print("FeedComponent.postFactory: post has the launch's NetworkService: \(feed.postFactory().network === profile.networkService)")
print("implicits visible after the factories ran: \(visibleCount())")

// MARK: - Named keys

section("Named keys (article)")
do {
  let scope = ImplicitScope()
  defer { scope.end() }

  // Объявление
  @Implicit(\.apiBaseURL) var apiURL = URL(string: "https://api.example.com")!
  @Implicit(\.cdnBaseURL) var cdnURL = URL(string: "https://cdn.example.com")!

  do {
    // Использование
    @Implicit(\.apiBaseURL) var apiURL: URL
    @Implicit(\.cdnBaseURL) var cdnURL: URL
    print("apiBaseURL = \(apiURL.absoluteString)")
    print("cdnBaseURL = \(cdnURL.absoluteString)")
  }

  let appearance = Appearance(scope)
  print("Appearance: city server \(appearance.cityServer.description)")
  if let informers = appearance.informers {
    print("Appearance: informers shown, geo informers \(informers.showGeo)")
  } else {
    print("Appearance: informers suppressed")
  }
  print("NetworkDeps visible after Appearance's nested scope ended: \(!ImplicitScope.dumpCurrent()[like: "NetworkDeps"].isEmpty)")

  do {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var keyboardModule: KeyboardModule? = KeyboardModule()
    @Implicit(\.keyboardDisabledByPolicy) var disabledByPolicy = true
    if let settings = makeKeyboardSettings(scope) {
      print("makeKeyboardSettings with a module, disabled by policy: isEnabled = \(settings.isEnabled)")
    }
  }
  do {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var keyboardModule: KeyboardModule? = nil
    @Implicit(\.keyboardDisabledByPolicy) var disabledByPolicy = false
    let settings = makeKeyboardSettings(scope)
    print("makeKeyboardSettings without a module: \(settings == nil ? "nil" : "settings")")
  }

  @Implicit var aboutFeatures = AboutPageFeatures(recommendationsURL: "https://example.com/apps")
  print(About(country: "Serbia", scope).text)
}

// MARK: - Implicit.map

section("Implicit.map (article)")
do {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics(log: articleLog)
  @Implicit(\.apiBaseURL) var apiURL = URL(string: "https://api.example.com")!

  let omnibox = OmniboxComponent(scope)
  _ = omnibox
  // Outside the omnibox the analytics have no prefix.
  do {
    @Implicit var analytics: Analytics
    analytics.trackEvent("omnibox_closed")
  }
  for event in articleLog.drain() { print("event \(event)") }

  do {
    let scope = scope.nested()
    defer { scope.end() }

    // \.apiBaseURL -> NetworkService (named key to type key)
    Implicit.map(\.apiBaseURL, to: NetworkService.self) { url in
      NetworkService(baseURL: url)
    }

    // network -> authenticatedNetwork
    Implicit.map(NetworkService.self, to: \.authenticatedNetwork) { network in
      AuthenticatedNetworkService(network: network, authToken: "secret-token")
    }

    // authenticatedNetwork -> apiClient
    Implicit.map(\.authenticatedNetwork, to: \.apiClient) { authenticatedNetwork in
      APIClient(network: authenticatedNetwork)
    }

    @Implicit(\.apiClient) var apiClient: APIClient
    print("apiClient: \(apiClient.get("/profile"))")
  }
  print("after the chain's scope ended: NetworkService visible \(!ImplicitScope.dumpCurrent()[like: "NetworkService"].isEmpty), apiClient visible \(!ImplicitScope.dumpCurrent()[like: "apiClient"].isEmpty)")
}

// MARK: - Stored properties

section("Stored @Implicit properties (article)")
let controller: SearchController
do {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics(log: articleLog)
  @Implicit var network = NetworkService(baseURL: URL(string: "https://search.example.com")!)
  controller = SearchController(scope)
}
print("implicits visible after the scope ended: \(visibleCount())")
print("performSearch: \(controller.performSearch(query: "implicits"))")
for event in articleLog.drain() { print("event \(event)") }

// MARK: - Bags, without the macro

section("Bags without #implicits (article)")
let tabManager: TabManager
let homePage: HomePageComponent
let searchResults: SearchResultsComponent
do {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics(log: articleLog)
  @Implicit var telemetry = Telemetry()
  @Implicit var database = DatabaseService()
  @Implicit var sessionManager = SessionManager()
  tabManager = TabManager(scope)
  homePage = HomePageComponent(scope)
  searchResults = SearchResultsComponent(scope)
}
print("implicits visible after the scope ended: \(visibleCount())")
_ = tabManager.createTab()
_ = tabManager.createTab()
_ = homePage.feedWidget
_ = homePage.feedWidget
searchResults.searchUI.receive(SearchResponse(items: ["a", "b", "c"]))
for event in articleLog.drain() { print("event \(event)") }

let capturedOnMain: Implicits
do {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger(name: "captured logger")
  @Implicit(\.apiBaseURL) var apiURL = URL(string: "https://api.example.com")!
  capturedOnMain = Implicits(capturing: .type(Logger.self), .named(\.apiBaseURL))
}
print("bag keys: \(capturedOnMain.count)")
do {
  let bag = capturedOnMain
  let fromThread = runOnThreads(1) { _ in
    let scope = ImplicitScope(with: bag)
    defer { scope.end() }
    @Implicit var logger: Logger
    @Implicit(\.apiBaseURL) var apiURL: URL
    return "bag reopened on a thread: \(logger.name), \(apiURL.absoluteString)"
  }
  for line in fromThread { print(line) }
}

// MARK: - withScope

section("withScope (article)")
func startApp() -> String {
  withScope { scope in
    @Implicit var network = NetworkService()
    @Implicit var database = DatabaseService()
    return App(scope).start()
  }
  // Scope автоматически закрыт после блока
}
print("sync: \(startApp())")
print("sync: implicits visible after withScope: \(visibleCount())")

let asyncLines = await withScope { scope -> [String] in
  @Implicit var analytics = Analytics(log: articleLog)
  @Implicit var logger = Logger(name: "asyncLogger")
  var lines: [String] = []
  await Task.yield()
  _ = buildContainer(scope)
  lines.append("async: after an await, buildList logged \(logger.lines)")
  try? await Task.sleep(for: .milliseconds(10))
  async let child: String = {
    @Implicit var logger: Logger
    return logger.name
  }()
  lines.append("async: async let child reads \(await child)")
  let task = Task {
    @Implicit var logger: Logger
    return logger.name
  }
  lines.append("async: Task {} reads \(await task.value)")
  return lines
}
for line in asyncLines { print(line) }
for event in articleLog.drain() { print("event \(event)") }
print("async: implicits visible after withScope: \(visibleCount())")

_ = buildScreen()
for event in articleLog.drain() { print("buildScreen: \(event)") }

// MARK: - Debugging

section("dumpCurrent (README)")
do {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = NetworkService()
  @Implicit var database = DatabaseService()
  @Implicit(\.darkModeEnabled) var darkModeEnabled = ObservableVariable(true)
  @Implicit(\.analyticsEnabled) var analyticsEnabled = ObservableVariable(false)
  @Implicit(\.guestModeEnabled) var guestModeEnabled = database.settings.guestModeEnabled

  let keys = ImplicitScope.dumpCurrent().keys
  print("keys (\(keys.count)):")
  for key in keys { print("  \(key)") }
  for element in ImplicitScope.dumpCurrent()[like: "network"] {
    let url = (element.value as? NetworkService)?.baseURL.absoluteString ?? "?"
    print("like \"network\": \(element.key) at \(url)")
  }
  for element in ImplicitScope.dumpCurrent()[like: "DARKMODE"] {
    print("like \"DARKMODE\": \(element.key) = \((element.value as? ObservableVariable<Bool>)?.value ?? false)")
  }
}
print("keys after the scope ended: \(ImplicitScope.dumpCurrent().keys)")

// MARK: - Threads

section("Threads")
do {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger(name: "main")
  @Implicit var card = DiscountCard(discount: 0.5)

  let lines = runOnThreads(4) { index in
    let inherited = ImplicitScope.dumpCurrent().count
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var wallet = Wallet(balance: Double(100 * (index + 1)))
    @Implicit var card = DiscountCard(discount: 0.5)
    @Implicit var logger = Logger(name: "thread-\(index)")
    var balances: [String] = []
    for _ in 0..<1_000 {
      let nested = scope.nested()
      @Implicit var card = DiscountCard(discount: 1)
      pay(50, nested)
      nested.end()
    }
    pay(50, scope)
    balances.append(money(wallet.balance))
    return "thread \(index): inherited \(inherited) implicits, reads \(doSomething(scope)), balance \(balances[0])"
  }
  for line in lines { print(line) }
  print("main still reads \(doSomething(scope)), discount \(card.discount)")
}
