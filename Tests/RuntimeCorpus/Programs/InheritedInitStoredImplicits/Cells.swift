import Implicits

func showShelf() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var images = ImageLoader()
  @Implicit var formatter = Formatter()
  return renderShelf([1, 2, 3, 4], scope)
}
