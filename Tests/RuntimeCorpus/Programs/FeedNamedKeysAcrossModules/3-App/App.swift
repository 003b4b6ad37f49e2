import Core
import Feed
import Foundation
import Implicits

func startApp() -> (feed: String, profile: String, refreshed: String, log: [String]) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(ImplicitsKeys.apiBaseURL) var base = URL(string: "https://api.example.com")!
  @Implicit(\.requestTimeout) var timeout = 2.5
  @Implicit var logger = Logger()
  let feed = loadFeed(page: 2, scope)
  let profile = loadProfile(scope)
  let refresh = makeRefresh(scope)
  // The generated support file captures Core's keys for this closure.
  let later = { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return loadFeed(page: 3, scope)
  }
  _ = later()
  return (feed, profile, refresh(), logger.lines)
}
