// Buttons get `typealias Style = ButtonStyle` from a protocol extension
// and build their style with `Style(cornerRadius:_:)` (and
// `Self.Style(…)`) in an expression; the initializer reads the palette
// and the typography of the scope passed to it.
// expect: runs

let buttons = renderCheckoutButtons()
buttons.forEach { print($0) }
precondition(buttons == ["[Pay r=12 green Inter 15]", "<Terms green>"])
