// A browser's `App` object in a module named `App`, keeping a bag whose
// keys include the composition `any Clearing & Syncing` (the history
// store, declared in the Storage module) and the telemetry; signing out
// reopens it.
// expect: runs

import Storage

let store = HistoryStore(entries: ["a.com", "b.com"])
let telemetry = Telemetry()
let app = launch(store: store, telemetry: telemetry)
print(app.name, app.signOut())
store.add("c.com")
print(app.signOut(), telemetry.events)
precondition(telemetry.events == ["wiped 2", "wiped 1"])
