import Core
import Implicits

final class FeatureScreen {
  let fetcher: Fetcher
  init(fetcher: Fetcher) { self.fetcher = fetcher }

  func show(_ scope: ImplicitScope) {
    fetcher.fetch(scope)
  }
}

func start() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: \.apiBaseURL}}
  defer { scope.end() }
  @Implicit var network: Network = NetworkService()
  load(id: 1, scope) // expected-note:3 {{'load(id:_:)' of module 'Core' requires '\.apiBaseURL', called here}}
  Fetcher.warmUp(scope)
}

func startComplete() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = NetworkService()
  @Implicit(ImplicitsKeys.apiBaseURL) var url = "https://api.example.com"
  load(id: 1, scope)
  Core.load(id: 2, scope)
  FeatureScreen(fetcher: Fetcher()).show(scope)
}

func notVisible(_ scope: ImplicitScope) {
  internalHelper(scope) // expected-error:3 {{Unresolved symbol 'internalHelper(_:)'}}
}
