// A news feed's service graph: network, database, logger and analytics
// provided at launch; a repository and a screen read them as stored
// implicits when they are created; a nested scope swaps the logger.
// expect: runs

let (analytics, logger) = launchFeed()
for line in logger.lines { print(line) }
print(analytics.events)
precondition(analytics.events.count == 2 && logger.lines.count == 2)
