import Implicits

struct Item {
  let sku: String
  let cents: Int
  let tags: Set<String>
}

final class CurrencyFormatter {
  let symbol: String
  init(symbol: String) { self.symbol = symbol }
}

final class Ranking {
  let boosted: Set<String>
  init(boosted: Set<String>) { self.boosted = boosted }
}

final class Impressions {
  private(set) var seen: [String] = []
  func log(_ sku: String) { seen.append(sku) }
}

func render(_ item: Item, _: ImplicitScope) -> String {
  @Implicit var currency: CurrencyFormatter
  return "\(item.sku) \(currency.symbol)\(item.cents / 100)"
}

func score(_ item: Item, _: ImplicitScope) -> Int {
  @Implicit var ranking: Ranking
  return ranking.boosted.contains(item.sku) ? 1_000_000 - item.cents : -item.cents
}

func track(_ item: Item, _: ImplicitScope) {
  @Implicit var impressions: Impressions
  impressions.log(item.sku)
}

func isFeatured(_ item: Item, _: ImplicitScope) -> Bool {
  @Implicit var ranking: Ranking
  return ranking.boosted.contains(item.sku)
}

/// A helper of the module that runs its body right away, once per page.
func paginate(_ items: [Item], pageSize: Int, _ body: ([Item]) -> Void) {
  var start = 0
  while start < items.count {
    body(Array(items[start..<min(start + pageSize, items.count)]))
    start += pageSize
  }
}

func catalogPage(_ items: [Item], _ scope: ImplicitScope) -> [String] {
  let ordered = items.sorted(by: { score($0, scope) > score($1, scope) })
  var lines = ordered.map { render($0, scope) }
  ordered.forEach { track($0, scope) }
  let featuredTotal = ordered.reduce(0) { total, item in isFeatured(item, scope) ? total + item.cents : total }
  lines.append("featured total: \(featuredTotal)")
  if ordered.contains(where: { isFeatured($0, scope) }), let top = ordered.first(where: { isFeatured($0, scope) }) {
    lines.append("top pick: \(render(top, scope))")
  }
  paginate(ordered, pageSize: 2) { page in
    lines.append("page: " + page.map { render($0, scope) }.joined(separator: " | "))
  }
  return lines
}

func openCatalog() -> ([String], Int) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var currency = CurrencyFormatter(symbol: "€")
  @Implicit var ranking = Ranking(boosted: ["lamp"])
  @Implicit var impressions = Impressions()
  let items = [
    Item(sku: "chair", cents: 4_900, tags: ["wood"]),
    Item(sku: "lamp", cents: 2_500, tags: ["light"]),
    Item(sku: "desk", cents: 12_000, tags: ["wood"]),
  ]
  return (catalogPage(items, scope), impressions.seen.count)
}
