// A toolbar renderer whose theme is derived from the app config by a chain
// of `Implicit.map`: type to named key, named key to type, type to named
// key, and a map of Theme onto itself that shadows it in a nested scope.
// expect: runs

print(drawToolbar(brand: "night", compact: false))
let compact = drawToolbar(brand: "day", compact: true)
print(compact)
precondition(compact[2].contains("pad=4"))
