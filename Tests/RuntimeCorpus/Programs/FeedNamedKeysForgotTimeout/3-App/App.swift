import Core
import Feed
import Foundation
import Implicits

func startApp() -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(ImplicitsKeys.apiBaseURL) var base = URL(string: "https://api.example.com")!
  @Implicit var logger = Logger()
  return loadFeed(page: 1, scope)
}
