import Implicits

class Wallet {
  var balance: Double
  init(balance: Double) { self.balance = balance }
}

final class PremiumWallet: Wallet {
  var lounges = 2
}

func payFare(_ fare: Double, _: ImplicitScope) -> String {
  @Implicit var wallet: Wallet
  wallet.balance -= fare
  return "fare \(fare), left \(wallet.balance)"
}

// Lounge access is for premium users only, so it reads the premium wallet.
func enterLounge(_: ImplicitScope) -> String {
  @Implicit var wallet: PremiumWallet
  wallet.lounges -= 1
  return "lounge passes left: \(wallet.lounges)"
}

func airportVisit(premium: Bool) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var wallet = premium ? PremiumWallet(balance: 300) : Wallet(balance: 300)
  var steps = [payFare(120, scope)]
  if premium {
    steps.append(enterLounge(scope))
  }
  return steps
}
