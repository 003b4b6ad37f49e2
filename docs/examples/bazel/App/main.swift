import Catalog
import Checkout
import Core
import Implicits

/// The root of the program: every dependency is provided here, once.
func runShowcase() {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit var logger = Logger()
  @Implicit var analytics = Analytics()
  @Implicit var network = NetworkClient()
  @Implicit(ImplicitsKeys.apiBaseURL) var apiBaseURL = "https://api.example.com"
  @Implicit(ImplicitsKeys.appVersion) var appVersion = "1.0"
  @Implicit var wallet = Wallet(balance: 500)
  @Implicit var card = DiscountCard(discount: 0.1)

  let catalog = CatalogScreen(scope)
  for line in catalog.render() {
    log("row \(line)", scope)
  }
  catalog.refresh()

  checkout([("groceries", 50), ("coffee", 5)], scope)
  checkoutOnSale([("jacket", 200)], scope)

  for line in logger.lines {
    print(line)
  }
  print("analytics events: \(analytics.events.joined(separator: ", "))")
  print("requests sent: \(network.requests)")
}

runShowcase()
