// A to-do list written as a reducer and a store: every action goes through
// `reduce`, which stamps the log with the Clock implicit; the sync action
// also reads the SyncClient and stamps with a server clock provided in a
// nested scope.
// expect: runs

let state = runTodoSession()
state.log.forEach { print($0) }
precondition(state.items == ["mail"])
precondition(state.log.last!.hasPrefix("local+"))
