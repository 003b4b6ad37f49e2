import Implicits

final class Analytics {
  func track(_ event: String) { print("track:", event) }
}

final class Button {
  let title: String
  var onTap: (() -> Void)?
  init(title: String) { self.title = title }
  func tap() { onTap?() }
}

func makeBuyButton(_ product: String, _ scope: ImplicitScope) -> Button {
  let button = Button(title: "Buy \(product)")
  #if DEBUG
  func trackTap() {
    @Implicit var analytics: Analytics
    analytics.track("buy \(product) (debug build)")
  }
  #else
  func trackTap() {
    @Implicit var analytics: Analytics
    analytics.track("buy \(product)")
  }
  #endif
  button.onTap = trackTap
  return button
}

func openStore() -> Button {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  return makeBuyButton("Pro plan", scope)
}
