// Resolutions the swiftc oracle once found the analyzer sure of and wrong
// about, in code that passes scopes: nested functions overloaded by labels,
// a type's own method of the same labels as a protocol's but another
// parameter type (an overload), and a protocol that refines another
// calling the other's requirement (not its extension's default). Each
// reads only what is provided.
// expect: runs

let (words, counts) = run()
print(words, counts.sorted { $0.key < $1.key })
precondition(words == ["let", "1:x", "x"])
precondition(counts == ["validate": 1, "handle": 3, "note": 1])
