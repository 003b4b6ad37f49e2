import Implicits

final class Collator {
  let ignoreCase: Bool
  init(ignoreCase: Bool) { self.ignoreCase = ignoreCase }
  func less(_ a: String, _ b: String) -> Bool {
    ignoreCase ? a.lowercased() < b.lowercased() : a < b
  }
}

final class SearchIndex {
  let names = ["delta", "Alpha", "charlie", "Bravo"]
}

func matches(_ query: String, _: ImplicitScope) -> [String] {
  @Implicit var index: SearchIndex
  return index.names.filter { $0.lowercased().contains(query) }
}

func ordered(_ a: String, _ b: String, _: ImplicitScope) -> Bool {
  @Implicit var collator: Collator
  return collator.less(a, b)
}

func search(_ query: String, sorted: Bool, _ scope: ImplicitScope) -> [String] {
  let found = matches(query, scope)
  guard sorted else { return found }
  return found.sorted(by: { ordered($0, $1, scope) })
}

func runSearches() -> [[String]] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var index = SearchIndex()
  // The collator comes from the locale settings screen, which this entry
  // point never opens.
  return [search("a", sorted: false, scope), search("l", sorted: false, scope), search("a", sorted: true, scope)]
}
