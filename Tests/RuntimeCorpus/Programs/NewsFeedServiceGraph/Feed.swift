import Implicits

final class FeedRepository {
  @Implicit var network: NetworkService
  @Implicit var database: DatabaseService

  init(_ scope: ImplicitScope) {}

  func refresh(topic: String) -> Int {
    let items = network.get("/feed/\(topic)")
    database.save(items, table: topic)
    return database.count(topic)
  }
}

final class FeedScreen {
  @Implicit var analytics: Analytics
  let repository: FeedRepository

  init(_ scope: ImplicitScope) {
    repository = FeedRepository(scope)
  }

  func open(topics: [String], _ scope: ImplicitScope) {
    analytics.track("feed_open")
    for topic in topics {
      let count = repository.refresh(topic: topic)
      report(count, topic: topic, scope)
    }
  }
}

func report(_ count: Int, topic: String, _: ImplicitScope) {
  @Implicit var logger: Logger
  logger.info("\(topic): \(count) stored")
}

func launchFeed() -> (Analytics, Logger) {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit var network = NetworkService()
  @Implicit var database = DatabaseService()
  @Implicit var logger = Logger(prefix: "app")
  @Implicit var analytics = Analytics()

  let screen = FeedScreen(scope)
  screen.open(topics: ["world", "sport"], scope)
  openPrefixed(screen, scope)
  return (analytics, logger)
}

// A second pass that logs with its own prefix: the nested logger shadows
// the app's and is gone after this function.
func openPrefixed(_ screen: FeedScreen, _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var logger = Logger(prefix: "feed")
  screen.open(topics: ["tech"], scope)
  for line in logger.lines { print(line) }
}
