import Implicits

class Wallet {
  private(set) var balance: Double
  init(balance: Double) { self.balance = balance }
  func charge(_ amount: Double) -> Bool {
    guard amount <= balance else { return false }
    balance -= amount
    return true
  }
  var kind: String { "standard" }
}

final class PremiumWallet: Wallet {
  let cashback: Double
  init(balance: Double, cashback: Double) {
    self.cashback = cashback
    super.init(balance: balance)
  }
  override func charge(_ amount: Double) -> Bool {
    super.charge(amount * (1 - cashback))
  }
  override var kind: String { "premium" }
}

struct Account {
  let owner: String
  let premium: Bool
  let balance: Double
}

func buyTicket(_ price: Double, _: ImplicitScope) -> String {
  @Implicit var wallet: Wallet
  return wallet.charge(price) ? "paid \(price) from \(wallet.kind)" : "declined (\(wallet.balance) left)"
}

func bookTrip(for account: Account) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  let premium = account.premium
  @Implicit var wallet = premium ? PremiumWallet(balance: account.balance, cashback: 0.1) : Wallet(balance: account.balance)
  return [buyTicket(80, scope), buyTicket(30, scope)]
}
