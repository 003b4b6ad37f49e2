// The app's launch moves services from another module's service locator
// into the scope: `container.resolve(Network.self)` of an upstream
// `resolve<T>(_: T.Type) -> T` provides `Network`, as Swift types it, and
// the feed reads it.
// expect: runs
import Locator

let container = Container()
container.register(Network.self) { URLSessionNetwork() }
container.register(FeatureFlags.self) { FeatureFlags() }
let feed = launch(container)
print(feed)
precondition(feed == "200 /v2/feed")
