// A menu renderer that recurses through a tree of groups, each group
// shadowing the depth and path named keys in a nested scope for its
// children; the outer values are back after each nested scope ends.
// expect: runs

let menu = MenuNode.group("File", [.item("New"), .group("Export", [.item("PDF"), .item("PNG")]), .item("Quit")])
let lines = renderMainMenu(menu)
lines.forEach { print($0) }
precondition(lines.count == 6 && lines[3] == "    PDF (/File/Export/PDF)")
