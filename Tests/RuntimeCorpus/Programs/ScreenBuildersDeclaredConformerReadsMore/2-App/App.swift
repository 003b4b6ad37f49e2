import Implicits
import UIKitCore

final class Analytics {
  func track(_ event: String) { print("track:", event) }
}

struct HomeBuilder: ScreenBuilder {
  func build(_ scope: ImplicitScope) -> Component {
    @Implicit var theme: Theme
    return Component(title: "Home (\(theme.accent))")
  }
}

// Reads Analytics, which the requirement does not declare: the shell,
// calling through the protocol, never provides it.
struct PromoBuilder: ScreenBuilder {
  func build(_ scope: ImplicitScope) -> Component {
    @Implicit var analytics: Analytics
    analytics.track("promo shown")
    return Component(title: "Promo")
  }
}

func runShell() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var theme = Theme(accent: "teal")
  for component in buildAll([HomeBuilder(), PromoBuilder()], scope) {
    print(component.title)
  }
}
