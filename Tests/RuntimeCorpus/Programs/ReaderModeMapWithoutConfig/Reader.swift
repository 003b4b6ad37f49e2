import Implicits

struct UserPreferences {
  let fontScale: Double
  let serif: Bool
}

struct ReaderStyle {
  let font: String
  let size: Double
}

struct Article {
  let title: String
  let paragraphs: [String]
}

func renderArticle(_ article: Article, _ scope: ImplicitScope) -> String {
  let scope = scope.nested()
  defer { scope.end() }
  Implicit.map(UserPreferences.self, to: ReaderStyle.self) {
    ReaderStyle(font: $0.serif ? "Georgia" : "Helvetica", size: 16 * $0.fontScale)
  }
  return article.paragraphs.map { paragraph in "<p>\(paragraph)</p>" }.joined() + footer(scope)
}

func footer(_: ImplicitScope) -> String {
  @Implicit var style: ReaderStyle
  return "<footer font=\(style.font) size=\(style.size)>"
}

func openInReader(_ article: Article) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var preferences = UserPreferences(fontScale: 1.25, serif: true)
  return renderArticle(article, scope)
}

// Shared links open in reader mode straight away, before the user's
// preferences were loaded.
func openSharedLink(_ article: Article) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  return renderArticle(article, scope)
}
