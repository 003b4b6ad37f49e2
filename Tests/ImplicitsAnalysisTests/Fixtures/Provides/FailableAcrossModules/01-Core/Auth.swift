import Implicits

public struct Token {
  public let raw: String

  public init?(raw: String) {
    guard !raw.isEmpty else { return nil }
    self.raw = raw
  }

  public init(id: Int) {
    raw = String(id)
  }
}

public func authorize(_ scope: ImplicitScope) {
  @Implicit var token: Token
  _ = token.raw
}

public func makeToken() -> Token? { Token(raw: "t") }
