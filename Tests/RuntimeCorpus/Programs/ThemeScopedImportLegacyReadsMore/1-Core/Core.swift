import Implicits

public struct Config {
  public let brandColor: String
  public init(brandColor: String) { self.brandColor = brandColor }
}

/// The design system's theme: its colors come from the app's config.
public struct Theme {
  public let color: String
  public init(color: String, _: ImplicitScope) {
    @Implicit var config: Config
    self.color = color == "brand" ? config.brandColor : color
  }
}
