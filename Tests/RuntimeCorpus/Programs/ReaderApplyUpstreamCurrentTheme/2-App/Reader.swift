import Appearance
import Implicits

final class PageRenderer {
  private(set) var applied: [String] = []
  func set(_ setting: String) { applied.append(setting) }
}

final class TypeSetter {
  let lineHeight = 1.4
}

func apply(_ theme: Theme, _: ImplicitScope) {
  @Implicit var renderer: PageRenderer
  renderer.set("background \(theme.background)")
}

func apply(_ font: Font, _: ImplicitScope) {
  @Implicit var renderer: PageRenderer
  @Implicit var typesetter: TypeSetter
  renderer.set("font \(font.family) \(font.size)pt x\(typesetter.lineHeight)")
}

func openArticle() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var renderer = PageRenderer()
  apply(current(), scope)
  do {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var typesetter = TypeSetter()
    apply(preferredFont(), scope)
  }
  return renderer.applied
}
