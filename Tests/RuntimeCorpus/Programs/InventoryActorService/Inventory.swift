import Implicits

final class AuditTrail: @unchecked Sendable {
  private(set) var entries: [String] = []
  func record(_ entry: String) { entries.append(entry) }
}

final class PriceList: Sendable {
  func price(_ sku: String) -> Int { sku.count * 100 }
}

actor Inventory {
  private var stock: [String: Int] = [:]

  func receive(_ sku: String, count: Int, _: ImplicitScope) {
    @Implicit var audit: AuditTrail
    stock[sku, default: 0] += count
    audit.record("+\(count) \(sku)")
  }

  func sell(_ sku: String, _ scope: ImplicitScope) -> Int? {
    guard let count = stock[sku], count > 0 else { return nil }
    stock[sku] = count - 1
    return invoice(sku, scope)
  }

  private func invoice(_ sku: String, _: ImplicitScope) -> Int {
    @Implicit var prices: PriceList
    @Implicit var audit: AuditTrail
    audit.record("-1 \(sku)")
    return prices.price(sku)
  }
}

func runShopDay(_ inventory: Inventory) async -> (Int, [String]) {
  await withScope { scope in
    @Implicit var audit = AuditTrail()
    @Implicit var prices = PriceList()
    await inventory.receive("mug", count: 2, scope)
    await inventory.receive("poster", count: 1, scope)
    var revenue = 0
    for sku in ["mug", "mug", "mug", "poster", "lamp"] {
      revenue += await inventory.sell(sku, scope) ?? 0
    }
    return (revenue, audit.entries)
  }
}
