// A browser's tab manager keeps a stored bag of what new tabs read and a
// selection handler made by the closure wrapper `withSelectImplicits`;
// both are used after the launch scope ended.
// expect: runs

let (manager, history, analytics) = startBrowser()
_ = manager.createTab("https://a.example")
_ = manager.createTab("https://b.example")
print(manager.onSelect(1))
print(history.visits, analytics.events)
precondition(history.visits.count == 2 && analytics.events == ["select 1"])
