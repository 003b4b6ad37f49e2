// An async profile loader: an actor cache and an HTTP client provided in
// an async `withScope`, read after several awaits; a second async
// `withScope` that throws passes the error through.
// expect: runs

let results = await loadProfiles(["ana", "bo", "missing"])
for result in results {
  switch result {
  case let .success(profile): print(profile.name, profile.avatarSize)
  case let .failure(error): print("failed:", error)
  }
}
let mirrored = try await loadMirror("cy")
print("mirror:", mirrored.avatarSize)
do {
  _ = try await loadMirror("missing")
} catch {
  print("mirror failed as expected:", error)
}
