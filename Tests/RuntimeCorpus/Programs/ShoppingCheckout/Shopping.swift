import Implicits

func goShopping(_ scope: ImplicitScope) {
  buyGroceries(scope)
  buyClothes(scope)
  buyCoffee(scope)
}

func buyGroceries(_ scope: ImplicitScope) {
  pay(50, for: "groceries", scope)
}

func buyClothes(_ scope: ImplicitScope) {
  // Clothes are bought with a store card that gives more.
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var card = DiscountCard(holder: "store", discount: 0.25)
  pay(200, for: "clothes", scope)
}

func buyCoffee(_ scope: ImplicitScope) {
  pay(5, for: "coffee", scope)
}

func pay(_ price: Int, for item: String, _: ImplicitScope) {
  @Implicit var wallet: Wallet
  @Implicit var card: DiscountCard
  wallet.charge(Double(price) * (1 - card.discount), for: "\(item) (\(card.holder))")
}

func shop(startingWith balance: Double) -> Wallet {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit var wallet = Wallet(balance: balance)
  @Implicit var card = DiscountCard(holder: "family", discount: 0.1)
  goShopping(scope)
  return wallet
}
