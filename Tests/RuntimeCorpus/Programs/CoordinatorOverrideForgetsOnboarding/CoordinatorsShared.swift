import Implicits

final class Navigator {
  private(set) var stack: [String] = []
  func push(_ screen: String) { stack.append(screen) }
}

final class Onboarding {
  var completed = false
}

class Coordinator {
  func start(_ scope: ImplicitScope) {
    @Implicit var navigator: Navigator
    navigator.push("home")
  }
}

final class OnboardingCoordinator: Coordinator {
  override func start(_ scope: ImplicitScope) {
    @Implicit var onboarding: Onboarding
    @Implicit var navigator: Navigator
    if onboarding.completed {
      super.start(scope)
    } else {
      navigator.push("welcome")
    }
  }
}
