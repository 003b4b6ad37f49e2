// A view model calls its use case `fetchUser(id, scope)` through
// `callAsFunction`, which reads a cache that the launch code no longer
// provides.
// expect: stops

let (title, hits) = showProfiles()
print(title, hits)
