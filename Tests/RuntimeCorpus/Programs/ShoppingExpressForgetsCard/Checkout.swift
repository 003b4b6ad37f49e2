import Implicits

enum CheckoutKind {
  case regular
  case express
}

func checkout(_ basket: [(String, Int)], kind: CheckoutKind, balance: Double) -> Wallet {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var wallet = Wallet(balance: balance)

  switch kind {
  case .regular:
    regularCheckout(basket, scope)
  case .express:
    // The express lane skips the loyalty step, and with it the card.
    expressCheckout(basket, scope)
  }
  return wallet
}

func regularCheckout(_ basket: [(String, Int)], _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var card = scanLoyaltyCard()
  for (item, price) in basket {
    pay(price, for: item, scope)
  }
}

func expressCheckout(_ basket: [(String, Int)], _ scope: ImplicitScope) {
  guard basket.count <= 3 else { return regularCheckout(basket, scope) }
  for (item, price) in basket {
    pay(price, for: item, scope)
  }
}

func scanLoyaltyCard() -> DiscountCard {
  DiscountCard(holder: "loyalty", discount: 0.05)
}

func pay(_ price: Int, for item: String, _: ImplicitScope) {
  @Implicit var wallet: Wallet
  @Implicit var card: DiscountCard
  wallet.charge(Double(price) * (1 - card.discount), for: item)
}
