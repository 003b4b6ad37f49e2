import Audit
import Implicits

final class FileAuditSink: AuditSink {
  private(set) var lines: [String] = []

  func record(_ event: AuditEvent, _ scope: ImplicitScope) {
    @Implicit var logger: Logger
    lines.append("\(event.actor) \(event.action)")
    logger.write("audit: \(event.action)")
  }
}

struct ConsoleAuditSink: AuditSink {
  func record(_ event: AuditEvent, _ scope: ImplicitScope) {
    print("AUDIT", event.actor, event.action)
  }
}

func recordAll(_ event: AuditEvent, to sinks: [any AuditSink], _ scope: ImplicitScope) {
  for sink in sinks {
    sink.record(event, scope)
  }
}

func signIn(_ user: String, file: FileAuditSink) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  recordAll(AuditEvent(actor: user, action: "sign-in"), to: [file, ConsoleAuditSink()], scope)
}
