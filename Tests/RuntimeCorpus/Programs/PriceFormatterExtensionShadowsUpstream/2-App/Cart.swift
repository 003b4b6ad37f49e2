import Implicits
import Pricing

/// The store's locale: prices are already in the local currency.
final class StoreLocale {
  let decimalSeparator: String
  init(decimalSeparator: String) { self.decimalSeparator = decimalSeparator }
}

extension PriceFormatter {
  /// The app's own formatting, with the same signature as Pricing's: in
  /// this module, Swift calls this one.
  func format(_ cents: Int, _: ImplicitScope) -> String {
    @Implicit var locale: StoreLocale
    let fraction = cents % 100
    return "\(symbol)\(cents / 100)\(locale.decimalSeparator)\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

func cartTotal(_ items: [Int]) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var locale = StoreLocale(decimalSeparator: ",")
  let formatter = PriceFormatter(symbol: "€")
  return formatter.format(items.reduce(0, +), scope)
}
