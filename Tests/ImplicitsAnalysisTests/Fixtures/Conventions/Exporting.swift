// analyze: --enable-exporting
import Implicits

public final class Network {
  public init() {}
}

// With exporting, public scope-taking functions are SPI: callers that do
// not use implicits call the generated wrapper instead.
@_spi(Implicits)
public func fetch(id: Int, _ scope: ImplicitScope) {
  @Implicit var network: Network
}

public func fetchAll(_ scope: ImplicitScope) { // expected-error:13 {{With --enable-exporting, public scope-taking function 'fetchAll(_:)' must be marked '@_spi(Implicits)': callers that do not use implicits call the generated wrapper that takes its implicits as arguments}}
  @Implicit var network: Network
}

public struct Feed {
  @_spi(Implicits)
  public init(_ scope: ImplicitScope) {}

  public func reload(_ scope: ImplicitScope) {} // expected-error:15 {{With --enable-exporting, public scope-taking method 'reload(_:)' must be marked '@_spi(Implicits)': callers that do not use implicits call the generated wrapper that takes its implicits as arguments}}
}

// Internal ones are not exported: nothing to mark.
func helper(_ scope: ImplicitScope) {
  @Implicit var network: Network
}
