import Implicits

final class Palette {
  let tint: String
  init(tint: String) { self.tint = tint }
}

final class Typography {
  let bodyFont: String
  init(bodyFont: String) { self.bodyFont = bodyFont }
}

/// How a button looks, from the palette and the typography in scope.
struct ButtonStyle {
  let cornerRadius: Int
  let tint: String
  let font: String

  init(cornerRadius: Int, _: ImplicitScope) {
    @Implicit var palette: Palette
    @Implicit var typography: Typography
    self.cornerRadius = cornerRadius
    tint = palette.tint
    font = typography.bodyFont
  }
}

protocol Styled {
  var label: String { get }
}

extension Styled {
  typealias Style = ButtonStyle
}

struct PrimaryButton: Styled {
  let label: String

  func render(_ scope: ImplicitScope) -> String {
    let style = Style(cornerRadius: 12, scope)
    return "[\(label) r=\(style.cornerRadius) \(style.tint) \(style.font)]"
  }
}

struct LinkButton: Styled {
  let label: String

  func render(_ scope: ImplicitScope) -> String {
    let style = Self.Style(cornerRadius: 0, scope)
    return "<\(label) \(style.tint)>"
  }
}

func renderCheckoutButtons() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var palette = Palette(tint: "green")
  @Implicit var typography = Typography(bodyFont: "Inter 15")
  return [PrimaryButton(label: "Pay").render(scope), LinkButton(label: "Terms").render(scope)]
}
