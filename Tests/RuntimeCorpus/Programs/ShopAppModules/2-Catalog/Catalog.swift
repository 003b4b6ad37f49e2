import Core
import Implicits

public struct Product {
  public let id: Int
  public let json: String
}

public final class CatalogService {
  @Implicit var logger: Logger
  private let implicits = #implicits

  public init(_ scope: ImplicitScope) {
    logger.log("catalog ready")
  }

  public func product(_ id: Int) -> Product {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return Product(id: id, json: request("/products/\(id)", scope))
  }
}

public func featured(_ scope: ImplicitScope) -> [Product] {
  [3, 5].map { id in Product(id: id, json: "featured-\(id)") } + [Product(id: 8, json: request("/featured", scope))]
}
