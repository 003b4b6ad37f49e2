// A reader mode whose style is mapped from the user's preferences; a
// shared-link entry point renders an article before any preferences were
// provided, so the map has no source to read.
// expect: stops

let article = Article(title: "Swift", paragraphs: ["One", "Two"])
print(openInReader(article))
print(openSharedLink(article))
