// A reader app's `apply` overloads take a `Theme` or a `Font`, both
// declared upstream; `apply(current(), scope)` passes the result of an
// upstream function declared to return `Theme`, so only the theme
// overload fits; the font overload, which also reads the typesetter, is
// called in a nested scope that provides it.
// expect: runs

let applied = openArticle()
print(applied)
precondition(applied == ["background sepia", "font Georgia 18pt x1.4"])
