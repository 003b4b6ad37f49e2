import Implicits

struct Invoice {
  let number: String
  let cents: Int
}

final class CurrencyFormatter {
  let symbol: String
  init(symbol: String) { self.symbol = symbol }
  func format(_ cents: Int) -> String {
    let fraction = cents % 100
    return "\(symbol)\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

protocol Exportable {
  func exportLines(_ scope: ImplicitScope) -> [String]
}

extension Invoice: Exportable {
  func exportLines(_: ImplicitScope) -> [String] {
    @Implicit var currency: CurrencyFormatter
    return ["\(number);\(currency.format(cents))"]
  }
}

extension Array: Exportable where Element == Invoice {
  /// One line per invoice; `map` runs on the array itself.
  func exportLines(_ scope: ImplicitScope) -> [String] {
    ["number;amount"] + map { $0.exportLines(scope)[0] }
  }
}

func exportQuarter(_ documents: [any Exportable]) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var currency = CurrencyFormatter(symbol: "€")
  var lines: [String] = []
  for document in documents {
    lines += document.exportLines(scope)
  }
  return lines
}
