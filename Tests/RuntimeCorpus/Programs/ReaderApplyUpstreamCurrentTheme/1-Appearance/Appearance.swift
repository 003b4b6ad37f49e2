public struct Theme {
  public let background: String
  public init(background: String) { self.background = background }
}

public struct Font {
  public let family: String
  public let size: Int
  public init(family: String, size: Int) {
    self.family = family
    self.size = size
  }
}

/// The theme the system is in right now.
public func current() -> Theme {
  Theme(background: "sepia")
}

/// The font the user picked in the system settings.
public func preferredFont() -> Font {
  Font(family: "Georgia", size: 18)
}
