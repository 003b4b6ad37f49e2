import Implicits
import UIKitCore

struct HomeBuilder: ScreenBuilder {
  func build(_ scope: ImplicitScope) -> Component {
    @Implicit var logger: Logger
    @Implicit var theme: Theme
    logger.write("home in \(theme.accent)")
    return Component(title: "Home")
  }
}

struct AboutBuilder: ScreenBuilder {
  func build(_ scope: ImplicitScope) -> Component {
    @Implicit var theme: Theme
    return Component(title: "About (\(theme.accent))")
  }
}

func runShell() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var theme = Theme(accent: "teal")
  for component in buildAll([HomeBuilder(), AboutBuilder()], scope) {
    print(component.title)
  }
}
