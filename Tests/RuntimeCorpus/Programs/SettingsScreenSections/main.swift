// A settings screen that keeps a bag of what its sections need, captured
// when the screen is created, and builds the sections later; the guest and
// dark-mode flags are named keys read from storage when the sections are
// built.
// expect: runs

let screen = buildSettings()
for section in screen.makeSections() {
  print(section.title, section.rows)
}
screen.storage.set("guest", true)
let again = screen.makeSections()
print(again.map(\.rows))
precondition(again[1].rows == ["Sign in"])
