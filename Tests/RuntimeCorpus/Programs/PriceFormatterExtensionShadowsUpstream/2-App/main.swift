// The app declares `PriceFormatter.format(_:_:)` in its own extension,
// with the same signature as the upstream module's extension method.
// Swift prefers the module's own declaration, which reads the store's
// locale; the upstream one's exchange rates are not needed.
// expect: runs

let total = cartTotal([1_999, 501])
print(total)
precondition(total == "€25,00")
