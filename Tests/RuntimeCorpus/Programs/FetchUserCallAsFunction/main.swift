// A view model holding a use case `let fetchUser = FetchUser()` whose
// `callAsFunction(_ id:_ scope:)` reads the cache and the API client;
// the view model calls it as `fetchUser(id, scope)`.
// expect: runs

let (title, hits) = showProfiles()
print(title, hits)
precondition(hits == 3)
