import Implicits

func showShelf() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var images = ImageLoader()
  // The formatter used to be read lazily by SaleCell; nobody added it here.
  return renderShelf([1, 2, 3, 4], scope)
}
