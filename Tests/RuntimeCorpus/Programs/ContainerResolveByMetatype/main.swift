// An app migrating from a service locator: `resolve<T>(_: T.Type) -> T`
// returns the registered value, and launch provides
// `container.resolve(Network.self)`, keyed `Network` as Swift types it.
// expect: runs

let container = Container()
container.register(Network.self) { URLSessionNetwork() }
container.register(KeyValueStore.self) { KeyValueStore() }
print(launch(container))
