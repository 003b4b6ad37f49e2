import Foundation
import Implicits
import Testing

// Stored `@Implicit` properties, read when the object is initialized.

private protocol Analytics: AnyObject, Sendable {
  func trackSearch(query: String)
  var tracked: [String] { get }
}

private final class AnalyticsService: Analytics, @unchecked Sendable {
  let name: String
  private let lock = NSLock()
  private var events: [String] = []
  init(name: String) { self.name = name }
  func trackSearch(query: String) { lock.withLock { events.append("\(name): search \(query)") } }
  var tracked: [String] { lock.withLock { events } }
}

private final class NetworkService: Sendable {
  let host: String
  init(host: String) { self.host = host }
  func search(query: String) -> String { "https://\(host)/search?q=\(query)" }
}

private final class DatabaseService: Sendable {}

extension ImplicitsKeys {
  fileprivate static let storedRegion = Key<String>()
}

/// The article's SearchController.
private final class SearchController {
  @Implicit var analytics: any Analytics
  @Implicit var network: NetworkService

  init(_ scope: ImplicitScope) {}

  func performSearch(query: String) -> String {
    analytics.trackSearch(query: query)
    return network.search(query: query)
  }
}

/// The README's form with parentheses, plus a named key.
private final class SearchComponent {
  @Implicit()
  var databaseService: DatabaseService

  @Implicit(\.storedRegion)
  var region: String

  init(_ scope: ImplicitScope) {}
}

private struct Settings {
  @Implicit var greeting: Greeting
  @Implicit var counter: Counter
  let explicit: Int

  init(explicit: Int, _ scope: ImplicitScope) {
    self.explicit = explicit
  }
}

private class BaseComponent {
  @Implicit var greeting: Greeting
  init(_ scope: ImplicitScope) {}
}

private final class DerivedComponent: BaseComponent {
  @Implicit var counter: Counter
  override init(_ scope: ImplicitScope) {
    super.init(scope)
  }
}

/// Provides a local implicit in a nested scope of its initializer and builds
/// a child from it, as the README's SearchComponent does.
private final class ParentComponent {
  let child: Settings
  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var counter = Counter(100)
    child = Settings(explicit: 1, scope)
  }
}

@Suite("Stored @Implicit properties")
struct StoredPropertyTests {
  @Test("A class's stored implicits are read at init and used later, after the scope ended")
  func searchController() {
    let analytics = AnalyticsService(name: "main")
    let controller: SearchController
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var analyticsService: any Analytics = analytics
      @Implicit var network = NetworkService(host: "search.example.com")
      controller = SearchController(scope)
    }
    #expect(controller.performSearch(query: "swift") == "https://search.example.com/search?q=swift")
    #expect(analytics.tracked == ["main: search swift"])
  }

  @Test("`@Implicit()` and named stored properties")
  func parenthesizedAndNamed() {
    let database = DatabaseService()
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var databaseService = database
    @Implicit(\.storedRegion) var region = "eu"

    let component = SearchComponent(scope)
    #expect(component.databaseService === database)
    #expect(component.region == "eu")
  }

  @Test("A struct's stored implicits are read at init, beside explicit parameters")
  func structProperties() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("settings")
    @Implicit var counter = Counter(5)

    let settings = Settings(explicit: 9, scope)
    #expect(settings.greeting == Greeting("settings"))
    #expect(settings.counter == Counter(5))
    #expect(settings.explicit == 9)
  }

  @Test("Objects built in different scopes keep the values visible where they were built")
  func valuesAtInitTime() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("outer")
    @Implicit var counter = Counter(1)

    let outer = Settings(explicit: 0, scope)
    let inner: Settings
    do {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var greeting = Greeting("inner")
      inner = Settings(explicit: 0, scope)
    }
    let afterwards = Settings(explicit: 0, scope)

    #expect(outer.greeting.text == "outer")
    #expect(inner.greeting.text == "inner")
    #expect(afterwards.greeting.text == "outer")
    #expect(inner.counter.value == 1)
  }

  @Test("Subclasses read their own and their superclass's stored implicits")
  func subclass() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("base")
    @Implicit var counter = Counter(2)

    let component = DerivedComponent(scope)
    #expect(component.greeting.text == "base")
    #expect(component.counter.value == 2)
  }

  @Test("An initializer's nested scope provides to the objects it builds")
  func nestedScopeInInitializer() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("root")
    @Implicit var counter = Counter(1)

    let parent = ParentComponent(scope)
    #expect(parent.child.counter.value == 100)
    #expect(parent.child.greeting.text == "root")
    #expect(currentCounter() == 1)
  }

  @Test("Stored implicits are read when the object is built on another thread")
  func builtOnThread() async {
    let text = await onNewThread { () -> String in
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("thread")
      @Implicit var counter = Counter(3)
      let settings = Settings(explicit: 0, scope)
      return "\(settings.greeting.text) \(settings.counter.value)"
    }
    #expect(text == "thread 3")
  }
}
