import Implicits
import Networking
import Search

func launchSearch() -> ([String], HTTPClient) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var client = HTTPClient()
  @Implicit(\.userAgent) var agent = "SearchApp/1.0"
  let search = makeSearch(scope)
  return (search.suggestions(for: "swift") + search.suggestions(for: "swift") + search.suggestions(for: "go"), client)
}
