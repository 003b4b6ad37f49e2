// Overloads Swift tells apart without help: `show(_: Int, verbose: Bool =
// false, _:)` called with and without its defaulted argument next to
// `show(_: String, _:)`, and a variadic `trace(_:_:)` called with none,
// one and several parts. Each reads its own keys, all provided.
// expect: runs

let (lines, counters) = runEditor()
lines.forEach { print($0) }
precondition(lines == ["", "saving notes.txt", "value 4", "Gespeichert"] && counters == ["last": 4])
