import Core
import Foundation
import Implicits

/// Loads the feed: reads Core's keys, by key and by key path.
public func loadFeed(page: Int, _ scope: ImplicitScope) -> String {
  @Implicit(ImplicitsKeys.apiBaseURL) var base: URL
  @Implicit(\.requestTimeout) var timeout: Double
  @Implicit var logger: Logger
  logger.write("GET \(base.absoluteString)/feed?page=\(page) within \(timeout) s")
  return "page \(page) from \(base.host ?? "?")"
}

/// Derives an endpoint from Core's base URL, and reads it.
public func loadProfile(_ scope: ImplicitScope) -> String {
  let scope = scope.nested()
  defer { scope.end() }
  Implicit.map(ImplicitsKeys.apiBaseURL, to: Endpoint.self) { Endpoint(base: $0, path: "profile") }
  @Implicit var endpoint: Endpoint
  return endpoint.url.absoluteString
}

/// Keeps what a refresh needs, to run it later.
public func makeRefresh(_ scope: ImplicitScope) -> () -> String {
  let implicits = Implicits(capturing: [.named(ImplicitsKeys.apiBaseURL), .named(\.requestTimeout), .type(Logger.self)])
  return {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return loadFeed(page: 1, scope)
  }
}
