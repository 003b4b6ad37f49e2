import Implicits

func launch(firstRun: Bool) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var navigator = Navigator()
  @Implicit var onboarding = Onboarding()
  onboarding.completed = !firstRun
  let coordinators: [Coordinator] = [OnboardingCoordinator(), Coordinator()]
  for coordinator in coordinators {
    coordinator.start(scope)
  }
  return navigator.stack
}
