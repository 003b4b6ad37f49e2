import Implicits

/// Exchange rates, which the pricing module's own formatting reads.
public final class ExchangeRates {
  public let eurPerUSD: Double
  public init(eurPerUSD: Double) { self.eurPerUSD = eurPerUSD }
}

public struct PriceFormatter {
  public let symbol: String
  public init(symbol: String) { self.symbol = symbol }
}

extension PriceFormatter {
  /// Formats a price in cents of US dollars, converted.
  public func format(_ cents: Int, _: ImplicitScope) -> String {
    @Implicit var rates: ExchangeRates
    return "\(symbol)\(Double(cents) / 100 * rates.eurPerUSD)"
  }
}
