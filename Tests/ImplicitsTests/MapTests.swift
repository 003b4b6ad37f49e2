import Foundation
import Implicits
import Testing

// `Implicit.map` in its four forms.

private final class DatabaseService: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

private final class GuestStorage: Sendable {
  let database: DatabaseService
  init(_ database: DatabaseService) { self.database = database }
}

private struct Analytics: Sendable, Equatable {
  var prefix: String = ""
  func prefixed(_ component: String) -> Analytics { Analytics(prefix: prefix + component + ":") }
  func event(_ name: String) -> String { prefix + name }
}

private final class NetworkService: Sendable {
  let host: String
  init(host: String) { self.host = host }
}

private final class AuthenticatedNetworkService: Sendable {
  let network: NetworkService
  let authToken: String
  init(network: NetworkService, authToken: String) {
    self.network = network
    self.authToken = authToken
  }
}

private final class APIClient: Sendable {
  let network: AuthenticatedNetworkService
  init(network: AuthenticatedNetworkService) { self.network = network }
}

private struct Endpoint: Sendable, Equatable {
  var url: URL
}

private struct MapFailure: Error, Equatable {
  var reason: String
}

extension ImplicitsKeys {
  fileprivate static let guestStorage = Key<GuestStorage>()
  fileprivate static let authenticatedNetwork = Key<AuthenticatedNetworkService>()
  fileprivate static let apiClient = Key<APIClient>()
  fileprivate static let mapBaseURL = Key<URL>()
  fileprivate static let mapMirrorURL = Key<URL>()
}

private func suggestionsEvent(_: ImplicitScope) -> String {
  @Implicit var analytics: Analytics
  return analytics.event("suggestion_tapped")
}

@Suite("Implicit.map")
struct MapTests {
  @Test("Type key to named key: DatabaseService → \\.guestStorage")
  func typeToNamed() {
    let scope = ImplicitScope()
    defer { scope.end() }
    let database = DatabaseService(name: "main")
    @Implicit var databaseService = database

    let nested = scope.nested()
    defer { nested.end() }
    Implicit.map(DatabaseService.self, to: \.guestStorage) {
      GuestStorage($0)
    }
    @Implicit(\.guestStorage) var storage: GuestStorage
    #expect(storage.database === database)
  }

  @Test("Type key to the same type key: the omnibox's prefixed analytics, only inside its scope")
  func typeToSameType() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var analytics = Analytics()

    var inside: [String] = []
    do {
      let scope = scope.nested()
      defer { scope.end() }
      Implicit.map(Analytics.self, to: Analytics.self) { analytics in
        analytics.prefixed("omnibox")
      }
      inside.append(suggestionsEvent(scope))
      // A second transformation stacks on the first.
      do {
        let scope = scope.nested()
        defer { scope.end() }
        Implicit.map(Analytics.self, to: Analytics.self) { $0.prefixed("field") }
        inside.append(suggestionsEvent(scope))
      }
      inside.append(suggestionsEvent(scope))
    }
    #expect(inside == ["omnibox:suggestion_tapped", "omnibox:field:suggestion_tapped", "omnibox:suggestion_tapped"])
    #expect(suggestionsEvent(scope) == "suggestion_tapped")
  }

  @Test("Named key to named key: network → \\.authenticatedNetwork → \\.apiClient")
  func chain() {
    let scope = ImplicitScope()
    defer { scope.end() }
    let network = NetworkService(host: "example.com")
    @Implicit var networkService = network

    let nested = scope.nested()
    defer { nested.end() }
    Implicit.map(NetworkService.self, to: \.authenticatedNetwork) { network in
      AuthenticatedNetworkService(network: network, authToken: "token-1")
    }
    Implicit.map(\.authenticatedNetwork, to: \.apiClient) { authenticatedNetwork in
      APIClient(network: authenticatedNetwork)
    }

    @Implicit(\.apiClient) var client: APIClient
    @Implicit(\.authenticatedNetwork) var authenticated: AuthenticatedNetworkService
    #expect(client.network === authenticated)
    #expect(client.network.network === network)
    #expect(client.network.authToken == "token-1")
  }

  @Test("Named key to type key: \\.mapBaseURL → Endpoint")
  func namedToType() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.mapBaseURL) var base = URL(string: "https://api.example.com")!

    Implicit.map(\.mapBaseURL, to: Endpoint.self) { Endpoint(url: $0.appendingPathComponent("v1")) }
    @Implicit var endpoint: Endpoint
    #expect(endpoint.url.absoluteString == "https://api.example.com/v1")
  }

  @Test("Named key to a named key of the same type")
  func namedToNamedSameType() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.mapBaseURL) var base = URL(string: "https://api.example.com")!
    Implicit.map(\.mapBaseURL, to: \.mapMirrorURL) { URL(string: $0.absoluteString.replacingOccurrences(of: "api", with: "mirror"))! }

    @Implicit(\.mapBaseURL) var readBase: URL
    @Implicit(\.mapMirrorURL) var readMirror: URL
    #expect(readBase.host == "api.example.com")
    #expect(readMirror.host == "mirror.example.com")
  }

  @Test("The transform runs once, when `map` is called, with the value visible then")
  func transformIsEagerAndRunsOnce() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var counter = Counter(1)

    var calls = 0
    let nested = scope.nested()
    defer { nested.end() }
    Implicit.map(Counter.self, to: Greeting.self) { counter in
      calls += 1
      return Greeting("counter was \(counter.value)")
    }
    #expect(calls == 1)
    // A later shadowing of the source does not change the derived value.
    @Implicit var newer = Counter(2)
    #expect(currentGreeting() == "counter was 1")
    #expect(currentGreeting() == "counter was 1")
    #expect(calls == 1)
  }

  #if DEBUG
    @Test("A derived value disappears when the scope it was derived in ends")
    func derivedValueEndsWithScope() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var counter = Counter(1)
      do {
        let nested = scope.nested()
        defer { nested.end() }
        Implicit.map(Counter.self, to: Greeting.self) { Greeting("\($0.value)") }
        #expect(isVisible(Greeting.self))
      }
      #expect(!isVisible(Greeting.self))
      #expect(isVisible(Counter.self))
    }

    @Test("A throwing transform rethrows its typed error and provides nothing")
    func throwingTransform() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var counter = Counter(1)

      let nested = scope.nested()
      defer { nested.end() }
      do throws(MapFailure) {
        try Implicit.map(Counter.self, to: Greeting.self) { (counter: Counter) throws(MapFailure) -> Greeting in
          throw MapFailure(reason: "no greeting for \(counter.value)")
        }
        Issue.record("the transform's error was not rethrown")
      } catch {
        #expect(error == MapFailure(reason: "no greeting for 1"))
      }
      #expect(!isVisible(Greeting.self))
    }
  #endif
}
