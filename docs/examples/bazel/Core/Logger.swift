import Implicits

/// Collects what the program did, so that it can print it in order.
public final class Logger {
  public private(set) var lines: [String] = []

  public init() {}

  public func record(_ message: String) {
    lines.append(message)
  }
}

/// Logs a message through the implicit logger.
public func log(_ message: String, _: ImplicitScope) {
  @Implicit var logger: Logger
  logger.record(message)
}
