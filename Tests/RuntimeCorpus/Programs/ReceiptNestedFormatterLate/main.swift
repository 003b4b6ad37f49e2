// The same nested helper, but the receipt's footer is formatted by a
// closure kept for later and run after the checkout scope has ended.
// expect: stops
import Implicits

final class CurrencyFormatter {
  func format(_ cents: Int) -> String { "€\(cents / 100)" }
}

var pendingFooters: [() -> String] = []

func printReceipt(_ total: Int, _ scope: ImplicitScope) {
  func line(_ label: String, _ cents: Int) -> String {
    @Implicit var formatter: CurrencyFormatter
    return "\(label): \(formatter.format(cents))"
  }
  print(line("total", total))
  pendingFooters.append { line("paid", total) }
}

func checkout() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var formatter = CurrencyFormatter()
  printReceipt(775, scope)
}

checkout()
for footer in pendingFooters { print(footer()) }
