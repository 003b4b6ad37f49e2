import Implicits

public final class Logger {
  public let name: String
  public init(name: String) { self.name = name }
  public func write(_ text: String) { print("[\(name)] \(text)") }
}

public final class PaymentGateway {
  public private(set) var charged: [Int] = []
  public init() {}
  public func charge(_ cents: Int) -> Bool {
    charged.append(cents)
    return cents < 100_000
  }
}

public func log(_ text: String, _: ImplicitScope) {
  @Implicit var logger: Logger
  logger.write(text)
}
