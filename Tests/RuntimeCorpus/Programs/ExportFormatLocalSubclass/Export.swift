import Implicits

final class Signature {
  let author: String
  init(author: String) { self.author = author }
}

/// Exports a document; formats subclass it.
class Exporter {
  func export(_ title: String, _ scope: ImplicitScope) -> String {
    "plain: \(title)"
  }
}

/// The export screen provides nothing: the plain format needs nothing.
func exportDocument(_ title: String, with exporter: Exporter) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  return exporter.export(title, scope)
}
