import Core
import Implicits

public struct Order {
  public let id: String
  public let cents: Int
  public init(id: String, cents: Int) {
    self.id = id
    self.cents = cents
  }
}

public func checkout(_ order: Order, _ scope: ImplicitScope) -> Bool {
  @Implicit var gateway: PaymentGateway
  let ok = gateway.charge(order.cents)
  if !ok {
    // Declined payments are logged for support.
    log("declined \(order.id)", scope)
  }
  return ok
}
