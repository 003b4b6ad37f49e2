// A receipt printer formats each line with a nested helper that reads the
// currency formatter from the caller's scope; the helper is only ever
// called directly, so it runs in that scope.
// expect: runs
import Implicits

final class CurrencyFormatter {
  let symbol: String
  init(symbol: String) { self.symbol = symbol }
  func format(_ cents: Int) -> String { "\(symbol)\(cents / 100).\(String(format: "%02d", cents % 100))" }
}

final class Printer {
  var lines: [String] = []
  func print(_ line: String) { lines.append(line) }
}

struct Item {
  let name: String
  let cents: Int
}

func printReceipt(_ items: [Item], _ scope: ImplicitScope) {
  @Implicit var printer: Printer
  func line(_ label: String, _ cents: Int) {
    @Implicit var formatter: CurrencyFormatter
    printer.print("\(label): \(formatter.format(cents))")
  }
  for item in items {
    line(item.name, item.cents)
  }
  line("total", items.reduce(0) { $0 + $1.cents })
}

func checkout() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var printer = Printer()
  @Implicit var formatter = CurrencyFormatter(symbol: "€")
  printReceipt([Item(name: "tea", cents: 350), Item(name: "cake", cents: 425)], scope)
  for text in printer.lines { print(text) }
}

checkout()
