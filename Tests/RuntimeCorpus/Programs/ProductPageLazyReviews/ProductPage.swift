import Implicits

final class ReviewsAPI {
  private(set) var calls = 0
  func reviews(for id: Int) -> [String] {
    calls += 1
    return ["great (\(id))", "ok (\(id))"]
  }
}

final class PriceService {
  func price(of id: Int) -> Double { Double(id) * 9.99 }
}

struct ReviewsSection {
  let lines: [String]
  init(_ id: Int, _: ImplicitScope) {
    @Implicit var api: ReviewsAPI
    lines = api.reviews(for: id)
  }
}

func priceLine(_ id: Int, _: ImplicitScope) -> String {
  @Implicit var prices: PriceService
  return "price: \(prices.price(of: id))"
}

/// The reviews are expensive: they are fetched only when the user scrolls
/// down to them.
func renderProductPage(_ id: Int, scrolledToBottom: Bool, _ scope: ImplicitScope) -> [String] {
  @Lazy var reviews = ReviewsSection(id, scope)
  var page = ["product \(id)", priceLine(id, scope)]
  if scrolledToBottom {
    page += reviews.lines
    page.append("\(reviews.lines.count) reviews")
  }
  return page
}

func openProduct(_ id: Int, scrolled: Bool) -> ([String], Int) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api = ReviewsAPI()
  @Implicit var prices = PriceService()
  return (renderProductPage(id, scrolledToBottom: scrolled, scope), api.calls)
}
