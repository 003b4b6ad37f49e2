// List screens get `typealias Style = ListStyle` from a protocol
// extension, while the module declares its own `Style` for text; the
// archive screen provides `Style(rowHeight:separators:)`, the alias, and
// the inbox reads `ListStyle` and the module's `Style` by annotation.
// expect: runs

let lines = showMail()
lines.forEach { print($0) }
precondition(lines.count == 5 && lines[4].contains("h=32"))
