// A service locator's `resolve<T>(_: T.Type) -> T`: launch provides
// `container.resolve(URLSessionNetwork.self)`, keyed by the concrete
// class, while the settings sync reads the `Network` protocol.
// expect: stops

let container = Container()
container.register(URLSessionNetwork.self) { URLSessionNetwork() }
container.register(KeyValueStore.self) { KeyValueStore() }
print(launch(container))
