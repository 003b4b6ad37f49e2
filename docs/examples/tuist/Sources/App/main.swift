import Core
import Feed
import Implicits

func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit var journal = Journal()
  @Implicit var analytics = Analytics()
  @Implicit(\.userName) var userName = "lin"

  let feed = FeedScreen(scope)
  for line in feed.show() {
    print(line)
  }
  for entry in journal.entries {
    print("journal: \(entry)")
  }
  print("analytics: \(analytics.events.joined(separator: ", "))")
}

launch()
