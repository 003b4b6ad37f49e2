import Implicits

/// The colors of the classic (pre-redesign) screens, by name.
public final class Palette {
  public let named: [String: String]
  public init(named: [String: String]) { self.named = named }
}

/// The classic screens' theme: its colors come from the palette.
public struct Theme {
  public let color: String
  public init(color: String, _: ImplicitScope) {
    @Implicit var palette: Palette
    self.color = palette.named[color] ?? color
  }
}
