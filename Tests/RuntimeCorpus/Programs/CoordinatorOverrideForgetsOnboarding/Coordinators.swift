import Implicits

func launch(firstRun: Bool) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var navigator = Navigator()
  // Forgot the onboarding state: only the override reads it.
  let coordinators: [Coordinator] = firstRun ? [OnboardingCoordinator(), Coordinator()] : [Coordinator()]
  for coordinator in coordinators {
    coordinator.start(scope)
  }
  return navigator.stack
}
