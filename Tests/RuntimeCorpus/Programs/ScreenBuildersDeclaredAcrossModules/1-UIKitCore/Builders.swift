import Implicits

public final class Logger {
  public init() {}
  public func write(_ text: String) { print("log:", text) }
}

public final class Theme {
  public let accent: String
  public init(accent: String) { self.accent = accent }
}

public struct Component {
  public let title: String
  public init(title: String) { self.title = title }
}

// Screens come from feature modules; the shell builds them through the
// protocol and provides what the requirement declares.
public protocol ScreenBuilder {
  @RequiresImplicits(.type(Logger.self), .type(Theme.self))
  func build(_ scope: ImplicitScope) -> Component
}

public func buildAll(_ builders: [any ScreenBuilder], _ scope: ImplicitScope) -> [Component] {
  var result: [Component] = []
  for builder in builders {
    result.append(builder.build(scope))
  }
  return result
}
