import Core
import Implicits

public final class Wallet {
  public private(set) var balance: Double

  public init(balance: Double) {
    self.balance = balance
  }

  func charge(_ amount: Double) {
    balance -= amount
  }
}

public struct DiscountCard {
  public var discount: Double

  public init(discount: Double) {
    self.discount = discount
  }
}

/// Pays for everything in the cart with the implicit wallet and card.
public func checkout(_ cart: [(String, Int)], _ scope: ImplicitScope) {
  for (item, price) in cart {
    buy(item, price: price, scope)
  }
  @Implicit var wallet: Wallet
  log("balance after checkout: \(wallet.balance)", scope)
}

func buy(_ item: String, price: Int, _ scope: ImplicitScope) {
  pay(price, scope)
  log("bought \(item)", scope)
}

func pay(_ price: Int, _ scope: ImplicitScope) {
  @Implicit var wallet: Wallet
  @Implicit var card: DiscountCard
  @Implicit var analytics: Analytics
  let amount = Double(price) * (1 - card.discount)
  wallet.charge(amount)
  analytics.track("payment")
  log("paid \(amount) for a price of \(price)", scope)
}

/// A sale: the same checkout with a better card, only for these items.
public func checkoutOnSale(_ cart: [(String, Int)], _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var card = DiscountCard(discount: 0.5)
  checkout(cart, scope)
}
