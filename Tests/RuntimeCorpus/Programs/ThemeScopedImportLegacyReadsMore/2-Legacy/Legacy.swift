import Implicits

/// The old palette, from before the design system.
public final class Palette {
  public let named: [String: String]
  public init(named: [String: String]) { self.named = named }
}

/// The old screens' theme: its colors come from the palette.
public struct Theme {
  public let color: String
  public init(color: String, _: ImplicitScope) {
    @Implicit var palette: Palette
    self.color = palette.named[color] ?? color
  }
}
