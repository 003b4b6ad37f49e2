import Implicits

final class ReviewsAPI {
  func reviews(for id: Int) -> [String] { ["five stars for \(id)"] }
}

struct ReviewsSection {
  let lines: [String]
  init(_ id: Int, _: ImplicitScope) {
    @Implicit var api: ReviewsAPI
    lines = api.reviews(for: id)
  }
}

struct ProductPage {
  let header: String
  /// Called by the list when the reviews cell scrolls into view.
  let loadReviews: () -> [String]
}

func makeProductPage(_ id: Int, _ scope: ImplicitScope) -> ProductPage {
  @Lazy var reviews = ReviewsSection(id, scope)
  return ProductPage(header: "product \(id)", loadReviews: { reviews.lines })
}

func openProduct(_ id: Int) -> ProductPage {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api = ReviewsAPI()
  return makeProductPage(id, scope)
}
