import Implicits

func showProfiles() -> (String, Int) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api = APIClient()
  // The cache was dropped from the launch code in a refactoring.
  let model = ProfileViewModel()
  model.load([1, 2, 1, 4], scope)
  return (model.title, api.hits)
}
