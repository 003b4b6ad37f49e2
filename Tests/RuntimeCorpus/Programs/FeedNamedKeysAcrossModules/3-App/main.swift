// Another module's named keys, provided, read, mapped and captured (by
// `Implicits(capturing:)` and by `#implicits`, whose support file names
// them): a stored key by the key itself (`ImplicitsKeys.apiBaseURL`), a
// computed one by key path too. All of it works in debug and release builds.
// expect: runs
// build: debug and release

let result = startApp()
print(result.feed, result.profile, result.refreshed)
result.log.forEach { print($0) }
precondition(result.feed == "page 2 from api.example.com")
precondition(result.profile == "https://api.example.com/profile")
precondition(result.refreshed == "page 1 from api.example.com")
precondition(result.log.count == 3)
