import Checkout
import Core
import Implicits

func runCheckouts(_ orders: [Order]) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var gateway = PaymentGateway()
  for order in orders {
    print(order.id, checkout(order, scope) ? "paid" : "declined")
  }
}
