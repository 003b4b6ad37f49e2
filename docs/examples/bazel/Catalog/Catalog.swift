import Core
import Implicits

extension ImplicitsKeys {
  /// The client the catalog talks to: the app's network client, authenticated.
  public static let catalogClient = Key<CatalogClient>()
}

public final class CatalogClient {
  let network: NetworkClient
  let token: String

  init(network: NetworkClient, token: String) {
    self.network = network
    self.token = token
  }

  func fetch(_ path: String, _ scope: ImplicitScope) -> String {
    network.get(path + "?token=" + token, scope)
  }
}

/// One row of the catalog. Its stored implicits are read when it is made.
final class ProductRow {
  @Implicit var analytics: Analytics
  let name: String
  let price: Int

  init(name: String, price: Int, _ scope: ImplicitScope) {
    self.name = name
    self.price = price
    analytics.track("row.\(name)")
  }
}

/// The catalog feature: fetches products and builds rows lazily.
public final class CatalogScreen {
  private let implicits = #implicits
  private var rowFactories: [() -> ProductRow] = []

  public init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }

    Implicit.map(NetworkClient.self, to: \.catalogClient) { network in
      CatalogClient(network: network, token: "secret")
    }
    Implicit.map(Analytics.self, to: Analytics.self) { $0.prefixed("catalog") }

    let listing = loadListing(scope)
    for (name, price) in listing {
      rowFactories.append { [implicits = #implicits] in
        let scope = ImplicitScope(with: implicits)
        defer { scope.end() }
        return ProductRow(name: name, price: price, scope)
      }
    }
    log("catalog has \(listing.count) products", scope)
  }

  func loadListing(_ scope: ImplicitScope) -> [(String, Int)] {
    @Implicit(\.catalogClient) var client: CatalogClient
    _ = client.fetch("/products", scope)
    return [("coffee", 5), ("groceries", 50), ("jacket", 200)]
  }

  /// Builds the rows now, with the implicits captured when the screen was made.
  public func render() -> [String] {
    rowFactories.map { factory in
      let row = factory()
      return "\(row.name): \(row.price)"
    }
  }

  /// Refreshes with the implicits the screen captured at creation.
  public func refresh() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    log("refreshing the catalog", scope)
  }
}
