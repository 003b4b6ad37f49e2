import Foundation
import Implicits

final class ProfileScreen {
  @Implicit var analytics: Analytics
  @Implicit var theme: Theme

  init(_ scope: ImplicitScope) {}

  func show() {
    analytics.track("profile \(theme.accent)")
  }
}

typealias Screen = ProfileScreen

private func log(_ message: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
  analytics.track(message)
}

@MainActor
final class Router {
  private let implicits = #implicits
  private(set) var stack: [ProfileScreen] = []

  init(_ scope: ImplicitScope) {}

  func makeProfile(_ scope: ImplicitScope) -> ProfileScreen {
    log("profile", scope)
    return .init(scope)
  }

  func pushProfile() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    let screen: Screen = .init(scope)
    let other = Screen(scope)
    let third = makeProfile(scope)
    stack += [screen, other, third]
  }
}

// A service actor and async code.
actor Catalog {
  private var cache: [Identifier: Item] = [:]

  func item(_ id: Identifier, _ scope: ImplicitScope) async throws -> Item {
    @Implicit(\.apiBaseURL) var baseURL: URL
    if let cached = cache[id] { return cached }
    let item = Item(id: id, title: baseURL.absoluteString)
    cache[id] = item
    return item
  }
}

func makeCatalog() -> Catalog { Catalog() }

@MainActor
func start() async throws {
  try await withScope { scope in
    @Implicit var analytics = Analytics()
    @Implicit var theme = Theme.standard
    @Implicit var loader = ImageLoader()
    @Implicit var physics = Physics()
    @Implicit(\.apiBaseURL) var baseURL = URL(string: "https://example.com")!
    @Implicit(\.isDebugMenuEnabled) var debugMenu = false

    let catalog = makeCatalog()
    async let first = catalog.item(1, scope)
    let second = try await catalog.item(2, scope)
    var state = FeedState(items: [try await first, second])
    let reducer = FeedReducer()
    reducer.reduce(&state, .refresh, scope)
    reducer.reduce(&state, .open(id: 3), scope)

    let router = Router(scope)
    router.pushProfile()
    stepWorld(World(), scope)

    withScope(nesting: scope) { scope in
      @Implicit var theme = Theme(accent: "red")
      Screen(scope).show()
    }

    let refresh = withRefreshImplicits { (id: Identifier, scope) in
      @Implicit var analytics: Analytics
      analytics.track("refresh \(id)")
    }
    refresh(4)

    Task { [implicits = #implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      _ = try await catalog.item(5, scope)
    }
  }
}
