import Implicits

final class Wallet {
  var balance: Double
  init(balance: Double) { self.balance = balance }
  func charge(_ amount: Double) { balance -= amount }
}

struct DiscountCard {
  var discount: Double
}

func goShopping(_ scope: ImplicitScope) {
  buyGroceries(scope)
  buyClothes(scope)
  buyCoffee(scope)
}

func buyGroceries(_ scope: ImplicitScope) { pay(50, scope) }
func buyClothes(_ scope: ImplicitScope) { pay(200, scope) }
func buyCoffee(_ scope: ImplicitScope) { pay(5, scope) }

func pay(_ price: Int, _: ImplicitScope) {
  @Implicit var wallet: Wallet
  @Implicit var card: DiscountCard
  wallet.charge(Double(price) * (1 - card.discount))
}

func shop() {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit var wallet = Wallet(balance: 500)
  @Implicit var card = DiscountCard(discount: 0.1)
  goShopping(scope)
}
