import Implicits
import Networking

public final class SuggestionsCache {
  var entries: [String: [String]] = [:]
  public init() {}
  public var count: Int { entries.count }
}

public final class SearchComponent {
  @Implicit var cache: SuggestionsCache
  private let implicits = #implicits

  public init(_ scope: ImplicitScope) {}

  public func suggestions(for query: String) -> [String] {
    if let cached = cache.entries[query] { return cached }
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    let results = fetch("/suggest?q=\(query)", scope)
    cache.entries[query] = results
    return results
  }
}

public func makeSearch(_ scope: ImplicitScope) -> SearchComponent {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var cache = SuggestionsCache()
  return SearchComponent(scope)
}
