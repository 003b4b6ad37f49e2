import Implicits

extension ImplicitsKeys {
  public static let apiBaseURL = Key<String>()
  public static var timeout: Key<Double> { _timeout }
  private static let _timeout = Key<Double>()
}

public func fetch(_ scope: ImplicitScope) {
  @Implicit(\.apiBaseURL) var base: String
  @Implicit(\.timeout) var timeout: Double
}
