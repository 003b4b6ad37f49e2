// A video home screen: the header loads its title and cover with
// `async let`, the first row prefetches thumbnails in a task group whose
// children call `fetchThumbnail(id, scope)`; the children see what the
// parent provided before it started them.
// expect: runs

let (lines, counts) = await openHome()
lines.forEach { print($0) }
print(counts)
precondition(counts["thumbnail"] == 4 && counts["title"] == 1)
