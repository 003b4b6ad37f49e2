import Implicits

public final class Logger {
  public init() {}
  public func write(_ line: String) { print("log:", line) }
}

public struct AuditEvent {
  public let actor: String
  public let action: String
  public init(actor: String, action: String) {
    self.actor = actor
    self.action = action
  }
}

/// Where audit events go. The module only declares the contract: sinks
/// may log, so callers provide a Logger.
public protocol AuditSink {
  @RequiresImplicits(.type(Logger.self))
  func record(_ event: AuditEvent, _ scope: ImplicitScope)
}
