import Catalog
import Core
import Implicits

func startShop() -> ([Product], Logger) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(\.apiBaseURL) var base = "https://shop.example"
  @Implicit var client = HTTPClient()
  @Implicit var logger = Logger()
  let catalog = CatalogService(scope)
  var products = featured(scope)
  products.append(catalog.product(1))
  products.append(catalog.product(2))
  return (products, logger)
}
