// A catalog page that passes its scope into closures given to
// non-escaping parameters: `sorted(by:)`, `map`, `forEach`, `reduce`,
// `contains(where:)`, `first(where:)` and a module function taking a
// non-escaping closure. Every closure runs during the call.
// expect: runs

let (lines, seen) = openCatalog()
lines.forEach { print($0) }
precondition(lines.first == "lamp €25" && seen == 3)
