final class Wallet {
  private(set) var balance: Double
  private(set) var history: [String] = []

  init(balance: Double) { self.balance = balance }

  func charge(_ amount: Double, for item: String) {
    balance -= amount
    history.append("\(item): \(amount)")
  }
}

struct DiscountCard {
  let holder: String
  let discount: Double
}

struct Receipt {
  var lines: [String] = []
  mutating func add(_ line: String) { lines.append(line) }
}
