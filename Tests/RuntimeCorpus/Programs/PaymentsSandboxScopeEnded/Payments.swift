import Implicits

final class PaymentProvider {
  let sandbox: Bool
  init(sandbox: Bool) { self.sandbox = sandbox }
  func pay(_ cents: Int) -> String { sandbox ? "sandbox paid \(cents)" : "paid \(cents)" }
}

final class Receipts {
  private(set) var all: [String] = []
  func add(_ receipt: String) { all.append(receipt) }
}

func charge(_ cents: Int, _: ImplicitScope) {
  @Implicit var provider: PaymentProvider
  @Implicit var receipts: Receipts
  receipts.add(provider.pay(cents))
}

func runTestPurchases(_ amounts: [Int], _ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var provider = PaymentProvider(sandbox: true)
  for amount in amounts { charge(amount, scope) }
}

func storeSession(runSelfTest: Bool) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var receipts = Receipts()
  if runSelfTest {
    runTestPurchases([1, 2], scope)
  }
  // The real purchase assumes the provider from the self test is still
  // around; it lived in the self test's nested scope.
  charge(999, scope)
  return receipts.all
}
