// Screen builders share scope-taking methods declared in a protocol
// extension (statically dispatched), called on a concrete value, on
// `some ScreenBuilder` and on `any ScreenBuilder` elements.
// expect: runs

let pages = startReader()
pages.forEach { print($0) }
precondition(pages.count == 7)
